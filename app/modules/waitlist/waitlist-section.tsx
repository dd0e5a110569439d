// 'Coming Soon to Your Area' (SPEC §2 waitlist section) on the home page.
import type { PublicSettings } from "#app/lib/env.server.ts";
import { WaitlistForm } from "./waitlist-form.tsx";

export const WAITLIST_INTRO =
  "Be notified when we launch in your region and get personalized growing tips.";

export function WaitlistSection({ settings }: { settings: PublicSettings | undefined }) {
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
          <p className="mt-4 text-ink/70">
            We're opening region by region across Aotearoa, from Northland to Southland.
          </p>
        </div>
        <WaitlistForm
          page={"/"}
          idPrefix={"home-waitlist"}
          emailPlaceholder={settings?.contactEmail ?? "you@example.co.nz"}
          surveyUrl={settings?.surveyUrl ?? "/define-garden"}
        />
      </div>
    </section>
  );
}
