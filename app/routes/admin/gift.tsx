// /admin/gifts/{id} (admins only, ADR 049): one gift: what was bought and paid, the buyer, the
// recipient and when their e-mail goes or went, who redeemed it as what, its history, and the
// admin's acts: change the day or recipient (before the e-mail goes), re-send the recipient's
// e-mail, refund (before it is redeemed). Each is a form post with a reason, through its use-case,
// kept in the history with the admin's address, confirmed with a toast; a refused one is this
// page with its words and 4xx status.
import { randomUUID } from "node:crypto";
import { data, Link, useNavigation } from "react-router";
import { FormField } from "#app/components/ui/form-field.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { failure } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import type { GiftActOutcome } from "#app/modules/gifts/act-on-gift.server.ts";
import { giftSummary, REDEEMED_AS_LABELS } from "#app/modules/gifts/admin-gift-words.ts";
import { GIFT_STATUS_LABELS } from "#app/modules/gifts/admin-gifts.schema.ts";
import { changeGiftDelivery } from "#app/modules/gifts/change-gift-delivery.server.ts";
import { sendOnRange } from "#app/modules/gifts/gifts.schema.ts";
import { getAdminGift } from "#app/modules/gifts/list-gifts.server.ts";
import { refundGift } from "#app/modules/gifts/refund-gift.server.ts";
import { resendGiftEmail } from "#app/modules/gifts/resend-gift-email.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { ActError, ActForm } from "#app/components/admin/act-form.tsx";
import { hasFieldErrors } from "#app/components/ui/form-problems.tsx";
import { adminMeta, type AdminHandle } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/gift";

export const meta = () => adminMeta("Gift");

export const handle: AdminHandle = {
  narrow: true,
  trail: {
    to: paths.adminGifts,
    label: "Gifts",
    here: (d: { gift: { recipientName: string } }) => `For ${d.gift.recipientName}`,
  },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getAdminGift({ id: params.id });
  if (!found) throw data(null, { status: 404 });
  // Made for this page view: a doubled or retried submit of its forms acts once.
  return { ...found, requestKey: randomUUID(), range: sendOnRange() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const input = Object.fromEntries(await request.formData());
  const intent = typeof input.intent === "string" ? input.intent : "";
  const options = { giftId: params.id, input, admin };
  const outcome: GiftActOutcome =
    intent === "resend"
      ? await resendGiftEmail(options)
      : intent === "change"
        ? await changeGiftDelivery(options)
        : intent === "refund"
          ? await refundGift(options)
          : failure("invalid", "Choose an action.");
  if (!outcome.ok && outcome.code === "not-found") throw data(null, { status: 404 });
  return respond(
    request,
    outcome,
    {
      intent,
      error: outcome.ok ? null : outcome.message,
      fieldErrors: outcome.ok ? {} : (outcome.fieldErrors ?? {}),
    },
    { redirectTo: paths.adminGift(params.id) },
  );
}

const panel = "mt-6 rounded-2xl bg-white p-5 shadow-sm [overflow-wrap:anywhere]";
const HISTORY_WORDS = { resend: "E-mail re-sent", change: "Changed", refund: "Refunded" } as const;

export default function AdminGift({ loaderData, actionData }: Route.ComponentProps) {
  const { gift: g, history, requestKey, range } = loaderData;
  const busy = useNavigation().state === "submitting";
  const money = (cents: number) => formatMoney(cents, g.currency);
  const errorsFor = (intent: string) =>
    actionData?.intent === intent ? actionData.fieldErrors : {};
  const reasonField = (intent: string) => (
    <FormField
      id={`reason-${intent}`}
      name="reason"
      label="Reason (kept in the history)"
      required
      minLength={3}
      maxLength={300}
      error={errorsFor(intent).reason}
    />
  );
  /** A field of the change form: the gift's value now, required, and the change's error. */
  const changeField = (name: "sendOn" | "recipientName" | "recipientEmail") => ({
    id: name,
    name,
    defaultValue: g[name],
    required: true,
    error: errorsFor("change")[name],
  });
  const open = g.status === "paid" && !g.redeemedAt;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold [overflow-wrap:anywhere]">
        Gift for {g.recipientName}
      </h1>
      <p className="mt-2 text-lg" data-testid="gift-status">
        {GIFT_STATUS_LABELS[g.status]}
        {g.redeemedAt ? `, redeemed ${nzDateTime(g.redeemedAt)}` : ""}
      </p>
      {/* A refusal naming fields is its form's summary; any other is said here. */}
      <ActError error={hasFieldErrors(actionData?.fieldErrors) ? null : actionData?.error} />
      <section className={panel} aria-labelledby="gift-heading">
        <h2 id="gift-heading" className="text-xl font-bold">
          {giftSummary(g)}
        </h2>
        <p className="mt-2">
          {money(g.amount)} ({g.months} × {money(g.monthlyPrice)}), includes GST of {money(g.gst)}
          <br />
          {g.paymentProvider} · {g.paymentReference ?? "no payment yet"}
          {g.paidAt ? ` · paid ${nzDateTime(g.paidAt)}` : ""}
          {g.refundedAt ? ` · refunded ${nzDateTime(g.refundedAt)}` : ""}
        </p>
        {g.paymentError ? <p className="mt-2 text-clay-dark">{g.paymentError}</p> : null}
        <h2 className="mt-4 text-xl font-bold">Buyer</h2>
        <p className="mt-2">
          {g.buyerName} · <a href={`mailto:${g.buyerEmail}`}>{g.buyerEmail}</a>
        </p>
        <h2 className="mt-4 text-xl font-bold">Recipient</h2>
        <p className="mt-2" data-testid="gift-recipient">
          {g.recipientName} · {g.recipientEmail}
          <br />
          {g.sentAt
            ? `E-mailed ${nzDateTime(g.sentAt)}`
            : `E-mail goes ${formatBoxDate(g.sendOn)}, 8am`}
          {g.codeEnd ? ` · code ends ${g.codeEnd}` : ""}
        </p>
        {g.message ? <p className="mt-2 whitespace-pre-line italic">“{g.message}”</p> : null}
        {g.redeemedAt ? (
          <>
            <h2 className="mt-4 text-xl font-bold">Redeemed</h2>
            <p className="mt-2">
              {g.redeemedByEmail ?? "A deleted account"} ·{" "}
              {g.redeemedAs ? REDEEMED_AS_LABELS[g.redeemedAs] : ""}
              {g.redeemedRegion ? ` · ${g.redeemedRegion}` : ""}
              {g.subscriptionId ? (
                <>
                  {" · "}
                  <Link to={paths.adminSubscription(g.subscriptionId)} className="underline">
                    its subscription
                  </Link>
                </>
              ) : null}
            </p>
          </>
        ) : null}
      </section>

      {open ? (
        <section className={panel} aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="text-xl font-bold">
            Act on this gift
          </h2>
          {!g.sentAt ? (
            <ActForm
              intent="change"
              submit="Save the day and recipient"
              requestKey={requestKey}
              busy={busy}
              className="mt-4 grid gap-3"
              fieldErrors={errorsFor("change")}
              fieldIds={{ reason: "reason-change" }}
            >
              <h3 className="font-bold">Change the day or recipient</h3>
              <FormField
                {...changeField("sendOn")}
                type="date"
                label="Day the e-mail goes (8am New Zealand time)"
                min={range.min}
                max={range.max}
              />
              <FormField {...changeField("recipientName")} label="Recipient's name" />
              <FormField
                {...changeField("recipientEmail")}
                type="email"
                label="Recipient's e-mail address"
              />
              {reasonField("change")}
            </ActForm>
          ) : null}
          <ActForm
            intent="resend"
            submit="Re-send the gift e-mail now"
            requestKey={requestKey}
            busy={busy}
            className="mt-6 grid gap-3"
            fieldErrors={errorsFor("resend")}
            fieldIds={{ reason: "reason-resend" }}
          >
            <h3 className="font-bold">Re-send the recipient&rsquo;s e-mail</h3>
            <p className="text-sm text-ink/75">Sends the same code to {g.recipientEmail} now.</p>
            {reasonField("resend")}
          </ActForm>
          <ActForm
            intent="refund"
            submit={`Refund ${money(g.amount)}`}
            requestKey={requestKey}
            busy={busy}
            className="mt-6 grid gap-3"
            fieldErrors={errorsFor("refund")}
            fieldIds={{ reason: "reason-refund" }}
          >
            <h3 className="font-bold">Refund the gift</h3>
            <p className="text-sm text-ink/75">
              Gives the money back to the buyer&rsquo;s card and e-mails them; the code stops
              working.
            </p>
            {reasonField("refund")}
          </ActForm>
        </section>
      ) : g.redeemedAt ? (
        <p className={panel}>
          A redeemed gift can&rsquo;t be refunded here: refund its boxes on the recipient&rsquo;s
          subscription instead.
        </p>
      ) : null}

      <section className={panel} aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-bold">
          History
        </h2>
        {history.length === 0 ? (
          <p className="mt-2">No admin has changed this gift.</p>
        ) : (
          <ol className="mt-2 space-y-3 text-sm" data-testid="gift-history">
            {history.map((h) => (
              <li key={h.id} className="border-b border-ink/5 pb-2">
                <p className="font-semibold">{HISTORY_WORDS[h.kind]}</p>
                <p className="text-ink/75">
                  {nzDateTime(h.createdAt)} · {h.by}
                </p>
                <p className="mt-1">{h.reason}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
