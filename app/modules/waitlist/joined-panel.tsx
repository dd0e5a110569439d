// The 'You're In!' panel a waitlist join ends on: the server's notice, the survey, the person's
// share link, and 'Skip for now' (which scrolls to the top, then goes home).
import type { RefObject } from "react";
import { Link, useNavigate } from "react-router";
import { ShareLink } from "./share-link.tsx";
import { MESSAGES } from "./waitlist-messages.ts";

/** SPEC §2: 'Skip for now' scrolls to the top, then goes to /. */
function scrollToTop(): Promise<void> {
  if (window.scrollY === 0) return Promise.resolve();
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    window.scrollTo({ top: 0, behavior: "auto" });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("scroll", atTop);
      window.clearTimeout(timer);
      resolve();
    };
    // Not scrollend: one left over from an earlier scroll may arrive first.
    const atTop = () => {
      if (window.scrollY <= 0) done();
    };
    // A scroll the person interrupts (or a browser that doesn't animate it) still goes on.
    const timer = window.setTimeout(done, 1_500);
    window.addEventListener("scroll", atTop, { passive: true });
    window.scrollTo({ top: 0, behavior: "smooth" });
  });
}

export function JoinedPanel({
  panelRef,
  notice,
  survey,
  share,
}: {
  panelRef: RefObject<HTMLDivElement | null>;
  notice: string | null;
  survey: string;
  share?: string;
}) {
  const navigate = useNavigate();
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="status"
      className="animate-[joined_0.5s_ease-out] rounded-3xl bg-white p-8 text-center shadow-md outline-none"
      data-testid="joined-panel"
    >
      <div
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-sprout/30 text-leaf"
        aria-hidden="true"
      >
        <svg width="28" height="28" viewBox="0 0 20 20">
          <path
            d="M4 10.5 8 14l8-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h3 className="mt-4 text-3xl font-bold">You're In!</h3>
      <p className="mt-2 text-lg text-ink/80">
        We'll notify you when the product launches in your area.
      </p>
      {notice && <p className="mt-2 text-sm text-ink/70">{notice}</p>}
      {notice === MESSAGES.joinedWithEmail && (
        <p className="mt-1 text-sm text-ink/70">{MESSAGES.emailOnItsWay}</p>
      )}
      <a href={survey} target="_blank" rel="noopener" className="btn-primary mt-6 w-full">
        Complete Survey<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <p className="mt-2 text-sm text-ink/70">
        Tell us about your space for custom recommendations
      </p>
      {share && (
        <ShareLink
          url={share}
          note="Each friend who joins through it counts once they confirm their e-mail, and moves you up your region's list."
        />
      )}
      {/* A link, so it also works on the panel the server sends after a post without JavaScript. */}
      <Link
        to="/"
        className="btn mt-3 w-full text-leaf underline-offset-4 hover:underline"
        onClick={(event) => {
          const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
          if (event.button !== 0 || modified) return; // a new tab or window: the browser's own
          event.preventDefault();
          void scrollToTop().then(() => navigate("/"));
        }}
      >
        Skip for now
      </Link>
    </div>
  );
}
