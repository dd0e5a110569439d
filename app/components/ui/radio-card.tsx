// One choice of a radio group drawn as a card: the label around its radio button and its words, so
// the whole card is the target (44 px at least) and shows when it is chosen. Each form passes its
// cards' look; the radio button's own props (name, value, checked or defaultChecked, onChange,
// required, aria-invalid) go to the <input>.
import type { InputHTMLAttributes, ReactNode } from "react";

export type RadioCardProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "className" | "children"
> & {
  /** The card's (the label's) classes. */
  className: string;
  /** The radio button's classes. */
  inputClassName?: string;
  children: ReactNode;
};

export function RadioCard({
  className,
  inputClassName = "h-5 w-5 accent-leaf",
  children,
  ...input
}: RadioCardProps) {
  return (
    <label className={className}>
      <input type="radio" {...input} className={inputClassName} />
      {children}
    </label>
  );
}
