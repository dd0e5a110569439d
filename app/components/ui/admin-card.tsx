// A card of an admin page (and of the admin's parts that modules draw, as the waitlist's): white
// and rounded, named for screen readers by its own <h2>.
import type { ReactNode } from "react";

export function AdminCard({
  id,
  anchor,
  title,
  className,
  children,
}: {
  /** The heading's id, which names the card. */
  id: string;
  /** The card's own id, where a link jumps to it. */
  anchor?: string;
  title: ReactNode;
  /** Its place on the page (a top margin). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} aria-labelledby={id} className={className ? `${className} ${CARD}` : CARD}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const CARD = "rounded-2xl bg-white p-5 shadow-sm";
