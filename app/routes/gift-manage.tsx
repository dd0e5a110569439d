// /gift/manage/{id}?key=… (issue 39, ADR 076): the gift buyer's own page, opened by the signed link
// in their receipt e-mail (no sign-in). What they bought and for whom, whether their friend's
// e-mail has gone and whether the gift was redeemed (and when); moving the e-mail's day before it
// goes, re-sending it after, and a printable card. A forged link gets a plain "doesn't work" page
// (403) and an expired one a page that offers a fresh link by e-mail (410), never an error page.
import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { paths } from "#app/lib/paths.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { respond } from "#app/lib/respond.server.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { noindexMeta } from "#app/lib/seo.ts";
import { readGiftBuyerKey } from "#app/modules/gifts/gift-buyer-link.server.ts";
import { sendOnRange } from "#app/modules/gifts/gifts.schema.ts";
import {
  buyerChangeGiftDay,
  buyerResendGiftEmail,
  getBuyerGift,
  sendFreshBuyerLink,
} from "#app/modules/gifts/manage-gift.server.ts";
import { formatBoxDate, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import type { Route } from "./+types/gift-manage";

export const meta = () => noindexMeta("Your gift");

export const headers = retryAfterHeader;

const nzDay = (at: Date | null) => (at ? formatBoxDate(nzToday(at)) : null);

/** Whose page this is, from the link: the gift when its key is genuine and current. */
async function pageState(giftId: string, key: string | null) {
  const state = readGiftBuyerKey(giftId, key);
  if (state === "expired") return { state: "expired" } as const;
  const gift = state === "valid" ? await getBuyerGift(giftId) : null;
  return gift ? ({ state: "valid", gift } as const) : ({ state: "invalid" } as const);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const page = await pageState(params.giftId, key);
  if (page.state === "invalid") return data({ state: "invalid" as const }, { status: 403 });
  if (page.state === "expired")
    return data(
      { state: "expired" as const, linkKey: key!, requestKey: randomUUID() },
      { status: 410 },
    );
  // The buyer's own address stays on the server: the page may be forwarded.
  const { buyerEmail: _buyer, ...gift } = page.gift;
  return {
    state: "valid" as const,
    linkKey: key!,
    // Made for this page view: a doubled or retried submit of one of its forms acts once.
    requestKey: randomUUID(),
    range: sendOnRange(),
    gift: {
      ...gift,
      sentOn: nzDay(gift.sentAt),
      redeemedOn: nzDay(gift.redeemedAt),
      sentAt: undefined,
      redeemedAt: undefined,
    },
  };
}

interface ManageAnswer {
  intent: string;
  message: string;
  ok: boolean;
  fieldErrors?: Record<string, string>;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // A key that isn't text (a file, say) is no key: the page answers as to a forged link.
  const posted = form?.get("key");
  const key =
    posted == null
      ? new URL(request.url).searchParams.get("key")
      : typeof posted === "string"
        ? posted
        : "";
  const intent = String(form?.get("intent") ?? "");
  const answer = (outcome: {
    ok: boolean;
    message?: string;
    fieldErrors?: Record<string, string>;
  }) =>
    ({
      intent,
      ok: outcome.ok,
      message: outcome.message ?? "",
      fieldErrors: outcome.fieldErrors,
    }) satisfies ManageAnswer;
  const ip = context.get(requestInfo).clientIp;
  const state = readGiftBuyerKey(params.giftId, key);
  if (state === "invalid" || !form) {
    const refused = {
      ok: false,
      code: "forbidden" as const,
      message: "This link doesn't work. Please use the link in your receipt e-mail.",
    };
    return respond(request, refused, { answer: answer(refused) });
  }
  if (state === "expired") {
    if (intent !== "new-link") {
      const refused = {
        ok: false,
        code: "forbidden" as const,
        message: "This link has expired. Ask for a new one below.",
      };
      return respond(request, refused, { answer: answer(refused) });
    }
    const outcome = await sendFreshBuyerLink(
      params.giftId,
      { requestKey: form.get("requestKey") },
      ip,
    );
    return respond(request, outcome, { answer: answer(outcome) });
  }
  const gift = await getBuyerGift(params.giftId);
  if (!gift) {
    const refused = {
      ok: false,
      code: "not-found" as const,
      message: "We couldn't find that gift.",
    };
    return respond(request, refused, { answer: answer(refused) });
  }
  const options = { giftId: gift.id, buyerEmail: gift.buyerEmail, ip };
  const here = paths.giftManage(gift.id, key!);
  if (intent === "change") {
    const outcome = await buyerChangeGiftDay({
      ...options,
      input: { requestKey: form.get("requestKey"), sendOn: form.get("sendOn") },
    });
    return respond(request, outcome, { answer: answer(outcome) }, { redirectTo: here });
  }
  if (intent === "resend") {
    const outcome = await buyerResendGiftEmail({
      ...options,
      input: { requestKey: form.get("requestKey") },
    });
    return respond(request, outcome, { answer: answer(outcome) }, { redirectTo: here });
  }
  const refused = {
    ok: false,
    code: "invalid" as const,
    message: "Choose what to do: change the day or re-send the e-mail.",
  };
  return respond(request, refused, { answer: answer(refused) });
}

const PAGE = "container-page max-w-3xl pt-28 pb-20 md:pt-36";

export default function GiftManage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  if (loaderData.state === "invalid")
    return (
      <div className={PAGE}>
        <h1 className="text-4xl font-bold">This link doesn&apos;t work</h1>
        <p className="mt-4 text-lg">
          The link may have been cut short or changed. Please open your gift&apos;s page from the
          &lsquo;Manage your gift&rsquo; button in your receipt e-mail.
        </p>
        <Link to={paths.gift} className="btn-secondary mt-6">
          Gift a box
        </Link>
      </div>
    );
  if (loaderData.state === "expired")
    return (
      <div className={PAGE}>
        <h1 className="text-4xl font-bold">This link has expired</h1>
        <p className="mt-4 text-lg">
          Links to a gift&apos;s page last about a year. We can e-mail a new one to the address you
          bought the gift with.
        </p>
        {answer?.ok ? (
          <div className="mt-6">
            <FormMessage tone="success">{answer.message}</FormMessage>
          </div>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-3">
            {answer ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
            <input type="hidden" name="intent" value="new-link" />
            <input type="hidden" name="key" value={loaderData.linkKey} />
            <input type="hidden" name="requestKey" value={loaderData.requestKey} />
            <button type="submit" className="btn-primary self-start">
              E-mail me a new link
            </button>
          </Form>
        )}
      </div>
    );
  return <GiftStatus {...loaderData} answer={answer} />;
}

type ValidPage = Extract<Route.ComponentProps["loaderData"], { state: "valid" }>;

function GiftStatus({ gift, linkKey, ...page }: ValidPage & { answer?: ManageAnswer }) {
  const busy = useNavigation().formData?.get("intent");
  const answer = page.answer;
  const errors = answer?.fieldErrors;
  return (
    <div className={PAGE}>
      <p className="font-semibold tracking-widest text-leaf uppercase">Your gift</p>
      <h1 className="mt-2 text-4xl font-bold wrap-anywhere">For {gift.recipientName}</h1>
      <p className="mt-3 text-lg">
        {gift.what}, {gift.value}.
      </p>

      {answer && !answer.ok ? (
        <div className="mt-6 flex flex-col gap-3">
          <ErrorSummary errors={errors} />
          {!errors ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
        </div>
      ) : null}

      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Their e-mail</dt>
        <dd data-testid="gift-email-state" className="wrap-anywhere">
          {gift.status === "refunded"
            ? "This gift has been refunded: its code no longer works."
            : gift.sentOn
              ? `Sent to ${gift.recipientEmail} on ${gift.sentOn}.`
              : `Goes to ${gift.recipientEmail} on ${gift.sendOnWords}, at 8 am New Zealand time.`}
        </dd>
        <dt className="font-semibold">Redeemed</dt>
        <dd data-testid="gift-redeemed">
          {gift.redeemedOn
            ? `Yes, on ${gift.redeemedOn}.`
            : "Not yet. We'll keep the gift until they do."}
        </dd>
        {gift.region ? (
          <>
            <dt className="font-semibold">Their region</dt>
            <dd data-testid="gift-region">
              {gift.region}:{" "}
              {gift.regionOpen
                ? "we deliver there now."
                : "we don't deliver there yet, so their place on its waitlist is held and the gift's value waits as credit until we launch there."}
            </dd>
          </>
        ) : null}
      </dl>

      {gift.canChangeDay ? (
        <Form method="post" className="mt-8 flex flex-col gap-4" noValidate>
          <h2 className="text-2xl font-bold">Change the day</h2>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="key" value={linkKey} />
          <input type="hidden" name="requestKey" value={page.requestKey} />
          <FormField
            id="sendOn"
            name="sendOn"
            type="date"
            label="When to e-mail them"
            required
            min={page.range.min}
            max={page.range.max}
            defaultValue={gift.sendOn}
            error={answer?.intent === "change" ? errors?.sendOn : undefined}
            hint="Today sends it now; a later day sends it at 8 am New Zealand time. Up to 6 months ahead."
          />
          <button type="submit" className="btn-primary self-start" disabled={busy === "change"}>
            {busy === "change" ? "Changing..." : "Change the day"}
          </button>
        </Form>
      ) : null}

      {gift.canResend ? (
        <Form method="post" className="mt-8 flex flex-col gap-3">
          <h2 className="text-2xl font-bold">Re-send their e-mail</h2>
          <p>
            If {gift.recipientName} can&apos;t find it, we&apos;ll send the same code to{" "}
            <span className="wrap-anywhere">{gift.recipientEmail}</span> again.
          </p>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="key" value={linkKey} />
          <input type="hidden" name="requestKey" value={page.requestKey} />
          <button type="submit" className="btn-primary self-start" disabled={busy === "resend"}>
            {busy === "resend" ? "Sending..." : "Re-send their e-mail"}
          </button>
        </Form>
      ) : null}

      {gift.status === "paid" && !gift.redeemedOn ? (
        <section className="mt-8" aria-labelledby="card-heading">
          <h2 id="card-heading" className="text-2xl font-bold">
            Give it by hand
          </h2>
          <p className="mt-2">
            Print a card with the code and your message, to give with a card or a pot of seedlings.
          </p>
          <Link to={paths.giftCard(gift.id, linkKey)} className="btn-secondary mt-4">
            Print a card
          </Link>
        </section>
      ) : null}
    </div>
  );
}
