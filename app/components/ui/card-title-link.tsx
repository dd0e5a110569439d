// A card's title as a link that covers the whole card (the card is `relative`): one stop for
// keyboard and screen-reader users, and the whole card is pressable.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function CardTitleLink({
  to,
  className,
  children,
}: {
  to: string;
  /** The heading's own classes (size, spacing). */
  className: string;
  children: ReactNode;
}) {
  return (
    <h3 className={className}>
      <Link to={to} className="after:absolute after:inset-0 hover:underline">
        {children}
      </Link>
    </h3>
  );
}
