// 'Coming Soon to Your Area' (SPEC §2 waitlist section) on the home page.
import { Link } from "react-router";

export const WAITLIST_INTRO =
  "Be notified when we launch in your region and get personalized growing tips.";

export function WaitlistSection() {
  return (
    <section id="waitlist" aria-labelledby="waitlist-title" className="py-20 sm:py-28">
      <div className="container-page grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="font-semibold tracking-widest text-leaf uppercase">
            Coming Soon to Your Area
          </p>
          <h2 id="waitlist-title" className="mt-2 text-4xl font-bold sm:text-5xl">
            Get Early Access
          </h2>
          <p className="mt-4 text-lg text-ink/80">{WAITLIST_INTRO}</p>
        </div>
        <div className="rounded-3xl bg-white p-8 shadow-md">
          <p className="text-lg">
            We're opening region by region across Aotearoa, from Northland to Southland. Add your
            e-mail and region and we'll tell you the day boxes start arriving near you.
          </p>
          <Link to="/waitlist" className="btn-primary mt-6 w-full text-lg">
            Join Waitlist
          </Link>
        </div>
      </div>
    </section>
  );
}
