// A <section> named for screen readers by its own <h2> heading: the pages' repeated
// "section + heading" block, styled by each page.
import type { ReactNode } from "react";

export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  className: string;
  titleClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
