// The home page's panel for a signed-in member (issue 39 §6): their next box, its contents and
// cutoff, and links to their things. The page is kept and the same for everyone, so the panel asks
// /profile/home.json once the header knows someone is signed in (the route passes `user`); a visitor never sees it.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import type { MemberHome } from "./get-member-home.server.ts";

/** How many items the panel names before '+ N more'. */
const SHOWN_ITEMS = 6;

/** `user`: who the header knows is signed in (null or undefined: nobody, or not known yet). */
export function MemberHomePanel({ user }: { user: { displayName: string } | null | undefined }) {
  const [home, setHome] = useState<MemberHome | null>(null);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    fetch(paths.memberHome, { headers: { accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) return;
        const body = (await res.json()) as { signedIn: boolean } & Partial<MemberHome>;
        if (current && body.signedIn) setHome({ subscription: body.subscription ?? null });
      })
      .catch(() => {
        // offline: the marketing page stays as it is
      });
    return () => {
      current = false;
    };
  }, [signedIn]);

  if (!user || !home) return null;
  const sub = home.subscription;
  const next = sub?.next;
  return (
    <section
      aria-labelledby="member-home-title"
      data-testid="member-home"
      className="border-b border-ink/10 bg-white py-12 sm:py-16"
    >
      <div className="container-page grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0">
          <p className="font-semibold text-leaf">Kia ora, {user.displayName}</p>
          {sub ? (
            <>
              <h2 id="member-home-title" className="mt-2 text-3xl font-bold sm:text-4xl">
                {next
                  ? next.skipped
                    ? `Your box for ${next.box} is skipped`
                    : `Your next box: week of ${next.box}`
                  : "Your subscription"}
              </h2>
              <p className="mt-3 text-ink/80">
                {sub.plan} plan ·{" "}
                <span className={sub.attention ? "font-semibold text-clay-dark" : ""}>
                  {sub.status}
                </span>
              </p>
              {sub.onItsWay && (
                <p className="mt-2 text-ink/80">
                  Your paid box for the week of {sub.onItsWay} is being packed for you.
                </p>
              )}
              {next && !next.skipped && (
                <>
                  <p className="mt-2 text-ink/80">
                    {next.locked
                      ? "It is paid for and can't be changed any more."
                      : `Skip it or swap an item until ${next.cutoff}.`}
                  </p>
                  <h3 className="mt-6 font-sans text-sm font-bold tracking-widest text-ink/70 uppercase">
                    What's in it
                  </h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {next.contents.slice(0, SHOWN_ITEMS).map((item) => (
                      <li key={item} className="rounded-full bg-sprout/30 px-3 py-1 text-sm">
                        {item}
                      </li>
                    ))}
                    {next.contents.length > SHOWN_ITEMS && (
                      <li className="px-1 py-1 text-sm text-ink/70">
                        + {next.contents.length - SHOWN_ITEMS} more
                      </li>
                    )}
                  </ul>
                </>
              )}
            </>
          ) : (
            <>
              <h2 id="member-home-title" className="mt-2 text-3xl font-bold sm:text-4xl">
                You haven't started a box yet
              </h2>
              <p className="mt-3 text-ink/80">
                Choose a plan and we'll send seasonal seedlings, seed and supplies each month.
              </p>
            </>
          )}
        </div>
        <nav aria-label="Your things" className="flex flex-col gap-3 self-start">
          {sub ? (
            <Link to={paths.profileSubscription} className="btn-primary">
              My box
            </Link>
          ) : (
            <Link to={paths.subscribe()} className="btn-primary">
              Choose a plan
            </Link>
          )}
          <Link to={paths.garden} className="btn-secondary">
            My garden
          </Link>
          <Link to={paths.gift} className="btn-light border border-ink/10">
            Gift a box
          </Link>
        </nav>
      </div>
    </section>
  );
}
