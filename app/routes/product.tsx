// /product (the Start Your Garden buttons): the three grow box kits side by side with what each
// contains, and the monthly plans, which lead to the waitlist until subscriptions open.
import { Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { listProductDetails } from "#app/modules/catalog/list-products.server.ts";
import { ProductImage } from "#app/modules/catalog/product-image.tsx";
import { StockNote } from "#app/modules/catalog/stock-note.tsx";
import { KIT_LINE } from "#app/modules/catalog/product-card.tsx";
import { AddToCartButton, cartFields } from "#app/modules/catalog/add-to-cart.tsx";
import { GiftBoxCard } from "#app/modules/gifts/gift-box-card.tsx";
import {
  planCardClass,
  PlanSummary,
  PopularBadge,
} from "#app/modules/subscriptions/plan-summary.tsx";
import { plans } from "#app/modules/subscriptions/plans.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/product";
import { TextList } from "#app/components/ui/text-list.tsx";

export const meta = staticPageMeta("/product");

export async function loader() {
  return { kits: await listProductDetails({ category: "Grow box kits", sort: "featured" }) };
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency ?? "USD";
  const { kits } = loaderData;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <header className="max-w-2xl">
        <p className="font-semibold tracking-widest text-leaf uppercase">Start your garden</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Pick a grow box kit</h1>
        <p className="mt-4 text-lg text-ink/80">
          Each kit is a complete first garden: the bed, the soil, the season&apos;s seedlings and a
          planting plan. Build it on a Saturday morning and pick your first salad in about four
          weeks.
        </p>
      </header>

      <ul className="mt-10 grid gap-6 md:grid-cols-3" aria-label="Grow box kits">
        {kits.map((kit) => (
          <li
            key={kit.id}
            data-product={kit.id}
            className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm"
          >
            <Link to={paths.productDetail(kit.id)}>
              <ProductImage
                base={kit.images[0]}
                alt={kit.name}
                sizes="(min-width: 768px) 30vw, 90vw"
              />
            </Link>
            <div className="flex flex-1 flex-col gap-3 p-5">
              <h2 className="text-2xl font-bold">
                <Link to={paths.productDetail(kit.id)} className="hover:underline">
                  {kit.name}
                </Link>
              </h2>
              <p className="text-ink/75">{kit.summary}</p>
              <p className="text-sm font-medium text-leaf-dark">{KIT_LINE}</p>
              <div className="flex items-baseline justify-between">
                <span className="text-2xl font-bold">{formatMoney(kit.price, currency)}</span>
                <StockNote stock={kit.stockQuantity} className="text-sm" />
              </div>
              <h3 className="mt-2 text-sm font-semibold tracking-wider text-ink/75 uppercase">
                In the box
              </h3>
              <TextList
                className="list-disc space-y-1 pl-5 text-sm text-ink/85"
                items={kit.contents}
              />
              <div className="mt-auto pt-3">
                <AddToCartButton product={cartFields(kit)} className="btn-primary w-full" />
              </div>
            </div>
          </li>
        ))}
      </ul>

      <section aria-labelledby="plans-title" className="mt-20">
        <h2 id="plans-title" className="text-3xl font-bold">
          Keep it growing: monthly plans
        </h2>
        <p className="mt-3 max-w-2xl text-ink/80">
          A plan sends the next season&apos;s seedlings, compost and a guide card each month, with
          reminders by text or calendar. Subscriptions open region by region: join the waitlist with
          the plan you want and we&apos;ll tell you when it reaches you. Free shipping on
          subscriptions.
        </p>
        <ul className="mt-10 grid gap-8 md:grid-cols-3 md:gap-6">
          {plans.map((plan) => (
            <li key={plan.id} data-plan={plan.id} className={`relative ${planCardClass}`}>
              <PopularBadge plan={plan} />
              <PlanSummary plan={plan} currency={currency}>
                <Link
                  to={`/waitlist?plan=${encodeURIComponent(plan.id)}`}
                  className="btn-secondary mt-auto w-full"
                  aria-label={`Join the waitlist for the ${plan.size} plan`}
                >
                  Join the waitlist
                </Link>
              </PlanSummary>
            </li>
          ))}
        </ul>
        <GiftBoxCard currency={currency} className="mt-10" />
      </section>
    </div>
  );
}
