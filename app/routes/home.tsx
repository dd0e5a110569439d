// The home page (SPEC §2 "Home page").
import { useRouteLoaderData } from "react-router";
import { staticPageMeta } from "#app/lib/seo.ts";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { CallToAction } from "#app/modules/marketing/call-to-action.tsx";
import { Hero } from "#app/modules/marketing/hero.tsx";
import { HowItWorks } from "#app/modules/marketing/how-it-works.tsx";
import { PlanPicker } from "#app/modules/subscriptions/plan-picker.tsx";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { MemberHomePanel } from "#app/modules/subscriptions/member-home.tsx";
import { WaitlistSection } from "#app/modules/waitlist/waitlist-section.tsx";
import { useHeaderUser } from "#app/modules/accounts/header-user.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import { planCardPostcodeError } from "#app/modules/subscriptions/plan-card-place.server.ts";
import type { Route } from "./+types/home";

export const handle = { headerOverDark: true };

export const meta = staticPageMeta("/");

// The same for everyone (the page is kept): where we deliver now, for the plan picker (issue 39),
// and a postcode /subscribe couldn't place, sent back in the address (ADR 079).
export async function loader({ request }: Route.LoaderArgs) {
  return {
    openRegions: await listOpenRegions(),
    refusedPostcode: planCardPostcodeError(new URL(request.url)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const settings = root?.settings;
  const user = useHeaderUser(root?.user);
  const siteUrl = settings?.siteUrl ?? "";
  const structured = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        name: settings?.brandName ?? "Patch",
        url: siteUrl,
        logo: `${siteUrl}/favicon.svg`,
        email: settings?.contactEmail,
        telephone: settings?.contactPhone,
        sameAs: settings?.socialUrl ? [settings.socialUrl] : [],
        areaServed: { "@type": "Country", name: "New Zealand" },
      },
      {
        "@type": "Product",
        name: "Patch garden-supply subscription",
        description: "Monthly seasonal seedlings, seed, soil and supplies for a home grow box.",
        brand: { "@type": "Brand", name: settings?.brandName ?? "Patch" },
        image: `${siteUrl}/images/home/og-image.jpg`,
        offers: plans.map((p) => ({
          "@type": "Offer",
          name: `${p.size} plan`,
          description: `${p.description}: ${p.plantVarieties} plant varieties, best for ${p.bestFor.toLowerCase()}.`,
          price: (p.price / 100).toFixed(2),
          priceCurrency: settings?.currency ?? "USD",
          url: `${siteUrl}/waitlist?plan=${encodeURIComponent(p.id)}`,
          availability: "https://schema.org/PreOrder",
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price: (p.price / 100).toFixed(2),
            priceCurrency: settings?.currency ?? "USD",
            billingDuration: "P1M",
          },
        })),
      },
    ],
  };
  return (
    <>
      <JsonLd data={structured} />
      <Hero shopUrl={settings?.shopUrl ?? "/products"} />
      <MemberHomePanel user={user} />
      <HowItWorks />
      <CallToAction />
      <PlanPicker
        currency={settings?.currency ?? "USD"}
        openRegions={loaderData.openRegions}
        refused={loaderData.refusedPostcode}
      />
      <WaitlistSection settings={settings} />
    </>
  );
}
