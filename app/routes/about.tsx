// /about ('About Us' in the footer): who Patch is, how an order reaches you, how the plants are
// chosen and what we promise. Only what the site already says elsewhere (the terms, the guides,
// the plans): no invented people, places or reviews.
import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import type { loader as rootLoader } from "#app/root.tsx";

export const meta = staticPageMeta("/about");

const link = "font-semibold text-leaf underline underline-offset-4";

export default function About() {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const email = settings?.contactEmail ?? "hello@patch.nz";
  const phone = settings?.contactPhone;
  const currency = settings?.currency ?? "USD";
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-leaf uppercase">About us</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">About Patch</h1>
        <p className="mt-4 text-xl text-ink/85">
          Garden supplies delivered. We organise. You learn.
        </p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card id="who" title="Who we are">
          <p className="mt-3 text-ink/85">
            Patch is a New Zealand start-up selling garden grow boxes, seeds, seedlings, soil,
            compost and tools, with monthly garden-supply subscriptions launching region by region.
          </p>
          <p className="mt-3 text-ink/85">
            We started Patch for people who want to grow some of their own food but were never shown
            how. Growing food is a skill learned season by season, by doing: we take the decisions,
            the timing and the soil off your plate so your 30 minutes a week go into planting,
            watering, watching and picking.
          </p>
          <p className="mt-3">
            <Link to={paths.educationPage("legacy")} className={link}>
              Read the Patch philosophy
            </Link>
          </p>
        </Card>

        <Card id="plants" title="How we choose your plants">
          <Points>
            <li>
              <strong>For the New Zealand seasons and your region.</strong> What goes in a box
              follows what can be sown and planted that month in your climate zone, as in our{" "}
              <Link to={paths.education} className={link}>
                monthly guides
              </Link>
              .
            </li>
            <li>
              <strong>Sized to your grow box.</strong>{" "}
              {plans.map((p) => `${p.size}: ${p.plantVarieties} varieties`).join("; ")}, so you
              never plant thirty lettuces in one week.
            </li>
            <li>
              <strong>For beginners.</strong> Everyday crops that do well in a raised bed, with a
              card that says what to do with each, and{" "}
              <Link to={paths.plantingLayouts} className={link}>
                a planting layout
              </Link>{" "}
              for every box.
            </li>
          </Points>
        </Card>

        <Card id="delivery" title="How your order reaches you">
          <Points>
            <li>We deliver only to addresses in New Zealand, by courier with tracking.</li>
            <li>
              We e-mail you when your order is packed, when it is shipped and when it is delivered.
            </li>
            <li>
              Seedlings travel upright in a punnet or cell tray, packed moist.{" "}
              <Link to={paths.educationPage("inside-the-box")} className={link}>
                What to do when your box arrives
              </Link>
              .
            </li>
            <li>
              Standard or express shipping, and any rural-delivery surcharge, are shown at checkout
              before you pay. Shipping is free on subscriptions, from{" "}
              {formatMoney(Math.min(...plans.map((p) => p.price)), currency)} a month.
            </li>
          </Points>
        </Card>

        <Card id="promises" title="What we promise">
          <Points>
            <li>
              <strong>Healthy seedlings.</strong> If plants arrive damaged, tell us within 48 hours
              with a photo and we will put it right.
            </li>
            <li>
              <strong>Your rights stay yours.</strong> Nothing we sell takes away your rights under
              the Consumer Guarantees Act 1993.
            </li>
            <li>
              <strong>Your card stays with Stripe.</strong> Card details go straight to Stripe and
              never reach our servers.
            </li>
            <li>
              <strong>No spam.</strong> Every e-mail has a one-click unsubscribe.
            </li>
          </Points>
          <p className="mt-3">
            <Link to={paths.terms} className={link}>
              Read our terms
            </Link>
          </p>
        </Card>
      </div>

      <TitledSection
        id="talk"
        title="Talk to us"
        className="mt-6 rounded-3xl bg-leaf-dark p-6 text-cream sm:p-8"
        titleClassName="text-2xl font-bold"
      >
        <p className="mt-3 max-w-2xl">
          A question about your garden, a box or an order? Our gardening coaches answer all year:
          send a photo of what you are seeing and we will help you work out what happened.
        </p>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <a
            href={`mailto:${email}`}
            className="font-semibold text-sun underline underline-offset-4"
          >
            {email}
          </a>
          {phone && (
            <a
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
              className="font-semibold text-sun underline underline-offset-4"
            >
              {phone}
            </a>
          )}
        </p>
      </TitledSection>
    </div>
  );
}

/** One white card of the page: a section named by its heading. */
function Card(props: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection
      {...props}
      className="rounded-3xl bg-white p-6 shadow-sm sm:p-8"
      titleClassName="text-2xl font-bold"
    />
  );
}

/** A card's bulleted points. */
function Points({ children }: { children: ReactNode }) {
  return <ul className="mt-3 list-disc space-y-2 pl-5 text-ink/85">{children}</ul>;
}
