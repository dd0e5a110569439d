// "Ask a coach" where a question comes up (issue 41), such as the next-box card: a plain link to
// the ask form, prefilled with where it came from.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export function AskCoachLink({
  from,
  page,
  children = "Ask a coach",
  className = "font-semibold text-leaf-dark underline underline-offset-4",
}: {
  from: "box" | "education";
  /** The education page asked from. */
  page?: string;
  children?: string;
  className?: string;
}) {
  return (
    <Link to={paths.coachAsk({ from, page })} className={className} data-testid="ask-coach-link">
      {children}
    </Link>
  );
}
