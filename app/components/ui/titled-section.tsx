// A <section> (or <aside>) named for screen readers by its own <h2> heading: the pages' repeated
// "section + heading" block, styled by each page.
import type { ReactNode } from "react";

export function TitledSection({
  as: Tag = "section",
  id,
  title,
  className,
  titleClassName,
  children,
}: {
  /** An <aside> for what stands beside the page's main part (an order's summary). */
  as?: "section" | "aside";
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  className: string;
  titleClassName: string;
  children: ReactNode;
}) {
  return (
    <Tag aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
