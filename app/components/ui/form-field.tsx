// One labelled input with its error text wired up for screen readers (aria-invalid,
// aria-describedby), used by every accounts form.
import type { InputHTMLAttributes, ReactNode } from "react";

/** A labelled input's own props; the rest go to the <input>. */
export type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  /** A short note, read with the field. */
  hint?: ReactNode;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

export function FormField({ id, label, error, hint, children, ...input }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark"
          {...fieldAria(id, error, hint)}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-clay-dark">
          {error}
        </p>
      )}
    </div>
  );
}

/** How a field's control points at its hint and error: for a <select>, <textarea> or file input
 * given to FormField as its child, with `id` and `name` set to the field's id. */
export function fieldAria(id: string, error?: string, hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

export function controlProps(id: string, error?: string, hint?: ReactNode) {
  return { id, name: id, ...fieldAria(id, error, hint) };
}

/** A form-level message: errors are announced at once, notices politely. */
export function FormMessage({
  tone,
  children,
}: {
  tone: "error" | "success";
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${
        tone === "error" ? "bg-clay/10 text-clay-dark" : "bg-leaf/10 text-leaf-dark"
      }`}
    >
      {children}
    </div>
  );
}
