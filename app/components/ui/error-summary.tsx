// One error pattern for every form (issue 39, GOV.UK's error summary): when a form comes back with
// errors, a box at its top headed 'There is a problem' lists each message as a link to its field,
// and takes focus, so on a phone the person sees at once why the button seemed to do nothing. Each
// field still carries its own message; a link moves focus to its field. Without JavaScript the
// page the post answers with draws the box at the form's top with `autofocus` (a tabindex -1 box
// takes it) and the id `error-summary`, so a link or the browser lands on it there too.
import { useEffect, useId, useRef } from "react";

export function ErrorSummary({
  errors,
  fieldIds = {},
  title = "There is a problem",
  id = "error-summary",
}: {
  /** Field name → message, as the form's answer gives them. */
  errors: Readonly<Record<string, string | undefined>> | null | undefined;
  /** A field's element id where it isn't its name. */
  fieldIds?: Readonly<Record<string, string>>;
  title?: string;
  /** The box's own id; another where a page can show two at once. */
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const items = Object.entries(errors ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
  useEffect(() => {
    if (!errors || Object.values(errors).every((m) => !m)) return;
    const box = ref.current;
    if (!box) return;
    box.focus({ preventScroll: true });
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  }, [errors]);
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      // Before (or without) JavaScript: the browser focuses it as the answered page loads.
      autoFocus
      aria-labelledby={titleId}
      data-testid="error-summary"
      className="scroll-mt-24 rounded-xl border-4 border-clay-dark bg-white p-5 focus:outline-4 focus:outline-offset-2 focus:outline-ink"
    >
      <div role="alert">
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {items.map(([name, message]) => {
            const id = fieldIds[name] ?? name;
            return (
              <li key={name}>
                <a
                  href={`#${id}`}
                  onClick={(event) => {
                    const form = ref.current?.closest("form") ?? document;
                    const field =
                      document.getElementById(id) ??
                      form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
                    if (!field) return;
                    event.preventDefault();
                    field.focus({ preventScroll: true });
                    field.scrollIntoView({ block: "center" });
                  }}
                  className="font-semibold break-words text-clay-dark underline underline-offset-4"
                >
                  {message}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
