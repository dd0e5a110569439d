// /checkout: the steps (contact, address, shipping, payment, review). The action answers two
// intents: "quote" (the server's totals for the review) and "place" (reserve, create, pay).
import { data, redirect, useRouteLoaderData } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { cookieHeaders } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { signedInUser } from "#app/modules/accounts/signed-in-user.server.ts";
import { checkoutFormValues } from "#app/modules/checkout/checkout.schema.ts";
import { CheckoutForm, type CheckoutOutcome } from "#app/modules/checkout/checkout-form.tsx";
import { DEMO_NOTICE } from "#app/modules/payments/demo-payments.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { quoteOrder } from "#app/modules/checkout/quote-order.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/checkout";

// Indexable (ADR 057): what a crawler gets is the steps and an empty cart, no one's data, and a
// search for "Patch checkout" may as well land here.
export const meta = staticPageMeta("/checkout");

// React Router keeps only an action's cookies unless told: a refused checkout's Retry-After
// must reach the browser too.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export async function loader({ request }: Route.LoaderArgs) {
  const s = settings();
  // Who to fill the contact step in for: asked here, since this loader runs on every visit,
  // client-side navigations included (the root loader may not have, on a public page).
  const { user, cookies } = await signedInUser(request);
  const headers = cookieHeaders(cookies);
  return data(
    {
      payments: s.stripe ? "stripe" : s.isProduction ? "none" : "demo",
      publishableKey: s.stripe?.publishableKey,
      demoNotice: DEMO_NOTICE,
      user,
    } as const,
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = checkoutFormValues(form);
  if (form.get("intent") === "quote") {
    const quote = await quoteOrder(values);
    return data(quote.ok ? { totals: quote.totals } : { error: quote.error }, {
      status: quote.ok ? 200 : 400,
    });
  }
  const result = await placeOrder(values, { ip: context.get(requestInfo).clientIp });
  if (result.ok && result.status === "paid") {
    throw redirect(paths.postCheckout(result.orderId));
  }
  const outcome: CheckoutOutcome = result.ok
    ? { kind: "stripe", orderId: result.orderId, clientSecret: result.clientSecret }
    : result.code === "invalid"
      ? { kind: "invalid", message: result.message, fieldErrors: result.fieldErrors }
      : {
          kind: result.code === "conflict" ? "cart-changed" : result.code,
          message: result.message,
        };
  // Declines, cart changes and a timed-out checkout are answers the page shows, not failed
  // requests. Details the schema refuses (a card number that fails its check, a past expiry, a
  // phone that isn't one) are a 400 with the same messages the page shows, so a script posting an
  // order is told plainly too; a limit is a 429 with Retry-After, an outage a 503.
  const shown = !result.ok && ["declined", "conflict", "expired"].includes(result.code);
  return respond(request, result, { outcome }, shown ? { status: 200 } : {});
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const currency = root?.settings.currency ?? "USD";
  const outcome = actionData && "outcome" in actionData ? actionData.outcome : undefined;
  return (
    // The form needs the cart kept in this browser, so the server sends "Loading..."; the page
    // is as tall from there as with the empty cart, so the footer doesn't jump (CLS) and its
    // text, painted at once, stays the largest thing in view (LCP).
    <div className="container-page min-h-[29rem] pt-28 pb-20 md:min-h-[30rem] md:pt-36">
      <h1 className="text-4xl font-bold">Checkout</h1>
      <noscript>
        <p className="mt-4 rounded-xl bg-white p-4">
          Your cart is kept in this browser, so checkout needs JavaScript turned on.
        </p>
      </noscript>
      <CheckoutForm
        currency={currency}
        payments={loaderData.payments}
        publishableKey={loaderData.publishableKey}
        demoNotice={loaderData.demoNotice}
        outcome={outcome}
        user={loaderData.user}
      />
    </div>
  );
}
