// A wide table's frame on a narrow screen: it scrolls sideways, and as a named region that takes
// the keyboard's focus it can be scrolled without a pointer and is announced by screen readers.
import type { ReactNode } from "react";

export function ScrollRegion({
  label,
  margin,
  card = false,
  children,
}: {
  /** What the region holds, as a screen reader names it. */
  label: string;
  /** Its top margin on the page. */
  margin: string;
  /** Drawn as a white card (the admin's lists). */
  card?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`relative ${margin} overflow-x-auto${card ? " rounded-2xl bg-white shadow-sm" : ""}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
