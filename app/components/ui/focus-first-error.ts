// After a form comes back with errors, focus and show its first field in error (the one with
// aria-invalid="true"), clear of the fixed header (the global scroll-margin-top in app.css), so on
// a phone the person sees what to fix instead of a button that seems to do nothing.
import { useEffect, type RefObject } from "react";

/** Focuses the first field in error inside `root`; false when there is none. */
export function focusFirstError(root: ParentNode | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus({ preventScroll: true });
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  field.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  return true;
}

/** Focuses the first field in error each time a new set of errors arrives. */
export function useFocusFirstError(
  root: RefObject<HTMLElement | null>,
  errors: object | null | undefined,
): void {
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0) focusFirstError(root.current);
  }, [root, errors]);
}
