// /post-checkout?order=…: the confirmation (order number, items, totals, address, what happens
// next). Returning from Stripe, the payment may still be settling: the page checks again shortly.
// The link only shows the order: it carries nothing that can act on it (ADR 021).
import { useEffect } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { linkedRecord } from "#app/lib/linked-record.server.ts";
import { useCart } from "#app/modules/cart/cart-store.ts";
import { attemptDigest } from "#app/modules/checkout/attempt-digest.ts";
import { useCheckout } from "#app/modules/checkout/checkout-store.ts";
import { SHIPPING_METHODS } from "#app/modules/checkout/pricing.ts";
import { getOrderConfirmation } from "#app/modules/orders/get-order-confirmation.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/post-checkout";
import { useRefreshWhile } from "#app/components/ui/use-refresh-while.ts";

export const meta = staticPageMeta("/post-checkout", { robots: "noindex" });

export async function loader({ request }: Route.LoaderArgs) {
  const { record: order } = await linkedRecord(request, {
    param: "order",
    // Nothing to confirm: back to the shop rather than an error.
    missing: paths.products,
    find: getOrderConfirmation,
  });
  return { order };
}

export default function PostCheckout({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency ?? "USD";
  const money = (c: number) => formatMoney(c, order.currency || currency);
  const paid = !["pending_payment", "payment_failed", "expired"].includes(order.status);

  // This browser's checkout is finished: empty its cart and start the next attempt afresh. Only
  // the browser whose key matches the order's digest does; anyone else opening the link doesn't.
  useEffect(() => {
    if (!paid) return;
    void (async () => {
      await useCheckout.persist.rehydrate();
      const key = useCheckout.getState().attemptKey;
      if (!key || (await attemptDigest(key)) !== order.attemptDigest) return;
      await useCart.persist.rehydrate();
      useCart.getState().clearCart();
      useCheckout.getState().newAttempt();
    })().catch(() => {
      // No Web Crypto (a page not served over HTTPS): the cart stays for the person to clear.
    });
  }, [paid, order.attemptDigest]);

  // Back from Stripe before its webhook arrived: look again every few seconds.
  useRefreshWhile(order.status === "pending_payment", 3000);

  const a = order.address;
  return (
    <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
      {paid ? (
        <>
          <p className="font-semibold tracking-widest text-leaf uppercase">Order confirmed</p>
          <h1 className="mt-2 text-4xl font-bold">Thank you, {order.name}!</h1>
          <p className="mt-3 text-lg">
            Your order number is <strong data-testid="order-number">{order.number}</strong>. We have
            e-mailed a confirmation to {order.email}.
          </p>
        </>
      ) : order.status === "expired" ? (
        <>
          <h1 className="text-4xl font-bold">This order has expired</h1>
          <p className="mt-3 text-lg">
            Order {order.number} wasn&apos;t paid within 30 minutes, so its items went back on the
            shelf. Nothing has been charged. <Link to={paths.products}>Shop again</Link>.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold">We&apos;re confirming your payment</h1>
          <p className="mt-3 text-lg" role="status">
            Order {order.number} is waiting for the payment to clear. This page updates by itself.
            {order.paymentError ? ` ${order.paymentError}` : ""}
          </p>
        </>
      )}

      <TitledSection
        id="items-title"
        title="Your order"
        className="mt-8 rounded-2xl bg-white p-5 shadow-sm"
        titleClassName="text-xl font-bold"
      >
        <ul className="mt-3 space-y-2">
          {order.items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3">
              <Link to={paths.productDetail(i.productId)} className="hover:underline">
                {i.quantity} × {i.name}
              </Link>
              <span>{money(i.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 border-t border-ink/10 pt-3" data-testid="totals">
          <Row label="Subtotal" value={money(order.subtotal)} />
          <Row
            label={`Shipping (${SHIPPING_METHODS[order.shippingMethod]?.label ?? order.shippingMethod}${a.rural ? ", rural delivery" : ""})`}
            value={money(order.shipping)}
          />
          <Row label="Total" value={money(order.total)} strong />
        </dl>
        <p className="mt-1 text-right text-sm text-ink/75" data-testid="gst-included">
          Includes GST of {money(order.gst)}
        </p>
      </TitledSection>

      <TitledSection
        id="address-title"
        title="Delivering to"
        className="mt-6 rounded-2xl bg-white p-5 shadow-sm"
        titleClassName="text-xl font-bold"
      >
        <address className="mt-2 not-italic">
          {order.name}
          <br />
          {a.street}
          {a.suburb ? (
            <>
              <br />
              {a.suburb}
            </>
          ) : null}
          <br />
          {a.city} {a.zip}
          <br />
          {a.state}, {a.country}
          {a.rural ? " (RD)" : ""}
        </address>
      </TitledSection>

      {paid ? (
        <TitledSection
          id="next-title"
          title="What happens next"
          className="mt-6"
          titleClassName="text-xl font-bold"
        >
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>We pack your order in our Waikato shed, usually within two working days.</li>
            <li>We e-mail you a tracking number when the courier collects it.</li>
            <li>
              While you wait, read{" "}
              <Link to={paths.educationPage("inside-the-box")} className="text-leaf underline">
                what&apos;s inside the box
              </Link>{" "}
              and pick a sunny spot for it.
            </li>
          </ol>
        </TitledSection>
      ) : null}
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
