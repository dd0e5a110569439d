// /gift/sent?gift=… (issue 22, ADR 043): the buyer's confirmation, and where Stripe returns after
// paying for a gift (the payment is read from Stripe here, as its webhook does, whichever comes
// first). What was bought, for whom, when their e-mail goes, the total with its GST. Never the
// code: only the recipient's e-mail has it.
import { Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { linkedRecord } from "#app/lib/linked-record.server.ts";
import { getGiftReceipt } from "#app/modules/gifts/get-gift-receipt.server.ts";
import { finishStripeGift } from "#app/modules/gifts/settle-gift-payment.server.ts";
import type { Route } from "./+types/gift-sent";
import { useRefreshWhile } from "#app/components/ui/use-refresh-while.ts";

export const meta = staticPageMeta("/gift/sent", { robots: "noindex" });

export async function loader({ request }: Route.LoaderArgs) {
  const { id, record } = await linkedRecord(request, {
    param: "gift",
    missing: paths.gift,
    find: getGiftReceipt,
  });
  let gift = record;
  if (gift.status !== "paid" && gift.paymentProvider === "stripe" && (await finishStripeGift(id)))
    gift = (await getGiftReceipt(id))!;
  return { gift };
}

export default function GiftSent({ loaderData }: Route.ComponentProps) {
  const { gift } = loaderData;
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const waiting = gift.status === "pending_payment" && gift.paymentProvider === "stripe";

  // Back from Stripe before the payment settled: look again every few seconds.
  useRefreshWhile(waiting, 3000);

  if (gift.status !== "paid")
    return (
      <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
        <h1 className="text-4xl font-bold">
          {waiting ? "Waiting for your payment" : "Your gift isn't paid yet"}
        </h1>
        <p className="mt-4 text-lg" role="status">
          {waiting
            ? "Your bank is confirming the payment. This page updates by itself."
            : (gift.paymentError ?? "The payment didn't go through. No money has been taken.")}
        </p>
        {waiting ? null : (
          <Link to={paths.gift} className="btn-primary mt-6">
            Try again
          </Link>
        )}
      </div>
    );

  return (
    <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Gift paid</p>
      <h1 className="mt-2 text-4xl font-bold">Thank you: your gift is on its way</h1>
      <p className="mt-4 text-lg wrap-anywhere" role="status" data-testid="gift-when">
        {gift.sendsToday
          ? `We've e-mailed ${gift.recipientName} (${gift.recipientEmail}) today with the code that starts their boxes.`
          : `We'll e-mail ${gift.recipientName} (${gift.recipientEmail}) on ${gift.sendOn} with the code that starts their boxes.`}
      </p>

      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-ink/75">The gift</dt>
          <dd>{gift.what}, with free shipping</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Paid</dt>
          <dd data-testid="gift-paid">
            {money(gift.amount)} ({gift.months} × {money(gift.monthlyPrice)})
            <span className="block text-sm text-ink/75">Includes GST of {money(gift.gst)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Receipt</dt>
          <dd className="wrap-anywhere">Sent to {gift.buyerEmail}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink/75">Reference</dt>
          <dd className="wrap-anywhere">{gift.reference}</dd>
        </div>
      </dl>
      <p className="mt-6">
        It&apos;s prepaid and never renews onto their card: their boxes stop after {gift.months}{" "}
        months unless they choose to carry on with their own.
      </p>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={paths.gift} className="btn-primary">
          Gift another box
        </Link>
        <Link to={paths.products} className="btn-secondary">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
