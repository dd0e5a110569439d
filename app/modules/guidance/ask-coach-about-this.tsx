// Under a growing guide or article: "Ask a coach about this" (issue 41), a plain link to the ask
// form with the page it came from. The same for every visitor, so the shared page cache keeps it.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export function AskCoachAboutThis({ page }: { page: string }) {
  return (
    <aside
      aria-labelledby="ask-coach-about-this"
      className="mx-auto mt-10 max-w-3xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/5 print:hidden"
    >
      <h2 id="ask-coach-about-this" className="text-2xl font-bold">
        Still not sure?
      </h2>
      <p className="mt-2 text-ink/80">
        Members can ask a gardening coach, with a photo: an answer within one working day.
      </p>
      <p className="mt-3">
        <Link
          to={paths.coachAsk({ from: "education", page })}
          className="font-semibold text-leaf-dark underline underline-offset-4"
          data-testid="ask-coach-link"
        >
          Ask a coach about this
        </Link>
      </p>
    </aside>
  );
}
