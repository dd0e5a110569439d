// /subscribe/confirmed?subscription=<id> (issue 21): the member's confirmation once a
// subscription has started: the first box's week and what is in it, the price, where it goes.
import { data, Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { fillAddressGaps } from "#app/modules/accounts/update-profile.server.ts";
import { getMemberSubscription } from "#app/modules/subscriptions/get-subscription.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/subscribe-confirmed";
import { TextList } from "#app/components/ui/text-list.tsx";

export const meta = staticPageMeta("/subscribe/confirmed", { robots: "noindex" });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = new URL(request.url).searchParams.get("subscription");
  const subscription = await getMemberSubscription(id, user.id);
  if (!subscription) throw data("Not found", { status: 404 });
  // Every start (a card, Stripe's return, a gift's prepaid boxes) arrives here: the delivery
  // address fills the profile's region and town where it has none (issue 39 §8).
  await fillAddressGaps(user.id, subscription.address);
  return { subscription };
}

export default function SubscribeConfirmed({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const s = loaderData.subscription;
  const money = (cents: number) => formatMoney(cents, s.currency ?? root?.settings.currency);
  const a = s.address;
  return (
    <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Subscription started</p>
      <h1 className="mt-2 text-4xl font-bold">Your first box is on its way</h1>
      <p className="mt-4 text-lg wrap-anywhere" role="status">
        Your first box arrives in the week starting{" "}
        <strong data-testid="first-box-date">{s.firstBox}</strong>. We&apos;ve e-mailed the details
        to {s.email}.
      </p>

      <section aria-labelledby="contents-title" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="contents-title" className="text-xl font-bold">
          In your first {s.planSize} box
        </h2>
        <TextList className="mt-3 list-disc space-y-1 pl-5" items={s.contents} />
        <p className="mt-3 text-sm text-ink/75">
          The seedlings and seed are the ones the monthly guide says to plant now in your region.
        </p>
      </section>

      <dl className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-ink/75">Price per month</dt>
          <dd>
            {money(s.price)} with free shipping
            <span className="block text-sm text-ink/75">Includes GST of {money(s.gst)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Delivery week</dt>
          <dd>{s.deliveryWeek}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Deliver to</dt>
          <dd>
            {a.street}
            {a.suburb ? `, ${a.suburb}` : ""}
            <br />
            {a.city} {a.zip}, {a.state}
            {a.rural ? " (rural delivery)" : ""}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Paid with</dt>
          {s.prepaidBoxesLeft === null ? (
            <dd>{s.cardLabel ?? "Saved card"}, charged before each box</dd>
          ) : (
            <dd data-testid="prepaid">
              Your credit: this box and {s.prepaidBoxesLeft} more are prepaid. No card is saved, so
              nothing is ever charged unless you add one to keep your boxes coming.
            </dd>
          )}
        </div>
        {s.firstCharge.credit > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-ink/75">Paid today</dt>
            <dd data-testid="paid-today">
              {money(s.firstCharge.credit)} from your credit
              {s.firstCharge.card > 0
                ? ` and ${money(s.firstCharge.card)} by card`
                : ": nothing was charged to your card"}
            </dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={paths.calendar} className="btn-primary">
          See what to plant this month
        </Link>
        <Link to={paths.profile} className="btn-secondary">
          Your account
        </Link>
      </div>
    </div>
  );
}
