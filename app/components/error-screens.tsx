// The crash screen (SPEC §2 route protection) and the not-found page.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export function CrashScreen() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-4xl font-bold">Something went wrong</h1>
      <p className="mt-4 max-w-md text-lg text-ink/75">
        We encountered an authentication error. Please reload the page to try again.
      </p>
      <button type="button" className="btn-primary mt-8" onClick={() => window.location.reload()}>
        Reload Page
      </button>
    </section>
  );
}

/** Where the not-found page suggests carrying on, home first. */
const CARRY_ON = [
  [paths.home, "Home"],
  [paths.products, "Products"],
  [paths.education, "Education"],
  [paths.waitlist, "Join the waitlist"],
] as const;

export function NotFoundScreen() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="font-semibold tracking-widest text-leaf uppercase">404</p>
      <h1 className="mt-2 text-4xl font-bold">We couldn't find that page</h1>
      <p className="mt-4 max-w-md text-lg text-ink/75">
        The link may be old, or the page may have moved. These are good places to carry on:
      </p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {CARRY_ON.map(([to, label], i) => (
          <li key={to}>
            <Link to={to} className={i === 0 ? "btn-primary" : "btn-secondary"}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
