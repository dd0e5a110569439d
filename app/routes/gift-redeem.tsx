// /gift/redeem?code=… (issue 22, ADR 043): the recipient's page. Members only: a visitor creates
// an account right here, or signs in, and comes back here with the code kept (issue 39). The code (typed, or from the
// e-mail's link) shows the gift; opening the link only shows it, its button redeems. In an open
// region a prepaid subscription starts; in one not open yet the gift and the place on its waitlist
// are kept, and started from here once it opens. Every look-up counts against a limit. A week
// whose first packing day is full is greyed out, as on /subscribe (issue 40).
import { data, Link } from "react-router";
import { statusOf } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { safeRedirect } from "#app/modules/accounts/accounts.schema.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import { socialProviders } from "#app/modules/accounts/start-social-sign-in.server.ts";
import { answerIntents, startSocial } from "#app/modules/accounts/auth/auth-action.server.ts";
import { SignUpToRedeem } from "#app/shell/gift-redeem-sign-up.tsx";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { GIFT_MESSAGES, redeemGiftFormValues } from "#app/modules/gifts/gifts.schema.ts";
import {
  DeliveryForm,
  GiftCard,
  GiftCodeForm,
  HeldGiftPanel,
  type RedeemAnswer,
} from "#app/modules/gifts/redeem-gift-form.tsx";
import {
  listHeldGifts,
  lookUpGift,
  redeemGift,
  startHeldGift,
  type RedeemOutcome,
} from "#app/modules/gifts/redeem-gift.server.ts";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import {
  type DeliveryWeek,
  formatBoxDate,
  soonestWeek,
} from "#app/modules/subscriptions/box-dates.ts";
import {
  soonestWeekWithRoom,
  weeksWithRoom,
} from "#app/modules/subscriptions/packing-capacity.server.ts";
import { settings } from "#app/lib/env.server.ts";
import type { Route } from "./+types/gift-redeem";

export const meta = staticPageMeta("/gift/redeem", { robots: "noindex" });

export const headers = retryAfterHeader;

/** This page with its code, for the confirmation link to come back to. */
function herePath(url: URL): string {
  const code = url.searchParams.get("code")?.trim();
  return safeRedirect(paths.giftRedeem(code || undefined), paths.giftRedeem());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { user } = await getCurrentUser(request);
  if (!user) {
    // A recipient without an account creates it here, the code kept (issue 39): the confirmation
    // link, in this browser or another, signs them in and brings them back to this page.
    return data({
      signedOut: true as const,
      hasCode: Boolean(url.searchParams.get("code")?.trim()),
      redirectTo: herePath(url),
      providers: socialProviders(),
    });
  }
  const code = url.searchParams.get("code")?.trim() ?? "";
  const now = new Date();
  const [profile, openRegions, held, rooms] = await Promise.all([
    getProfile(user.id),
    listOpenRegions(),
    listHeldGifts(user.id),
    // Each week's first packing day and whether it is full, as on /subscribe (issue 40).
    weeksWithRoom(now),
  ]);
  const lookup = code
    ? await lookUpGift(code, user, { ip: context.get(requestInfo).clientIp })
    : null;
  const a = profile.address;
  const limited = lookup && !lookup.ok && lookup.code === "limited" ? lookup : null;
  return data(
    {
      signedOut: false as const,
      code,
      gift: lookup?.ok ? lookup.gift : null,
      lookupError: lookup && !lookup.ok ? lookup.message : undefined,
      held,
      openRegions,
      // As on /subscribe (issue 39): the week that brings the first box soonest is chosen first,
      // and each week's option says when its first box comes.
      // A week whose first packing day is full is shown but can't be chosen.
      soonestWeek: soonestWeekWithRoom(rooms) ?? soonestWeek(now, settings().boxCutoffDays),
      fullWeeks: rooms.filter((r) => r.full).map((r) => r.week),
      firstBoxes: Object.fromEntries(
        rooms.map((r) => [r.week, formatBoxDate(r.firstBox)]),
      ) as Record<DeliveryWeek, string>,
      address: {
        street: a.street,
        suburb: a.suburb,
        city: a.city,
        // Their own address first; else the region the buyer named (ADR 076).
        region: a.region || a.state || (lookup?.ok ? (lookup.gift.region ?? undefined) : undefined),
        postcode: a.zip,
      },
    },
    {
      status: limited ? 429 : 200,
      headers: limited ? { "Retry-After": String(limited.retryAfter ?? 60) } : undefined,
    },
  );
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // Signed out: the account made in place (its confirmation link returns here).
  if (!(await getCurrentUser(request)).user) {
    // Redeeming after the session ended: sign in again (the code kept), as before.
    // requireUser sends them to sign in, the page kept (it has no user to answer with here).
    return answerIntents(args, { "sign-up": signUp }, (posted) =>
      posted.intent === "social"
        ? startSocial(posted)
        : requireUser(request).then((): never => {
            throw new Error("a signed-out request has a user");
          }),
    );
  }
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = formString(form, "intent") ?? "";
  const member = {
    id: user.id,
    email: user.email,
    name: user.fullName ?? user.displayName,
    emailVerified: user.emailVerified,
  };
  const values = redeemGiftFormValues(form);
  let result: RedeemOutcome;
  if (intent === "redeem")
    result = await redeemGift(values, member, {
      ip: context.get(requestInfo).clientIp,
      userAgent: request.headers.get("user-agent"),
    });
  else if (intent === "start-held") result = await startHeldGift(values, member);
  else
    return data<{ answer: RedeemAnswer }>(
      { answer: { intent, message: "Please use the page's buttons." } },
      { status: 400 },
    );
  if (result.ok) {
    const to =
      result.as === "credit"
        ? paths.profileSubscription
        : result.subscriptionId
          ? paths.subscribeConfirmed(result.subscriptionId)
          : paths.giftRedeem();
    throw await redirectWithToast(request, to, { type: "success", message: result.message! });
  }
  return data<{ answer: RedeemAnswer }>(
    { answer: { intent, message: result.message, fieldErrors: result.fieldErrors } },
    {
      status: statusOf(result),
      headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined,
    },
  );
}

export default function GiftRedeem({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.signedOut) return <SignUpToRedeem {...loaderData} actionData={actionData} />;
  const { gift, held, openRegions, firstBoxes, fullWeeks } = loaderData;
  const answer = actionData && "answer" in actionData ? actionData.answer : undefined;
  // A refusal of the code itself (unknown, used, too many tries) is said at the code.
  const codeError =
    answer?.fieldErrors?.code ??
    loaderData.lookupError ??
    (gift?.redeemed === "by-someone-else" ? GIFT_MESSAGES.usedCode : undefined);
  return (
    <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Gift box</p>
      <h1 className="mt-2 text-4xl font-bold">Redeem your gift</h1>
      <p className="mt-3 text-lg text-ink/80">
        Enter the code from your e-mail and tell us where to deliver. Your boxes are prepaid: we
        never charge a card unless you choose to keep them coming after the gift.
      </p>

      <div className="mt-8 flex flex-col gap-8">
        {held.map((h) => (
          <HeldGiftPanel
            key={h.id}
            gift={h}
            openRegions={openRegions}
            answer={answer}
            firstBoxes={firstBoxes}
            fullWeeks={fullWeeks}
          />
        ))}

        {gift && gift.redeemed === "no" && !answer?.fieldErrors?.code ? (
          <>
            <GiftCard gift={gift} />
            <DeliveryForm
              intent="redeem"
              hidden={{ code: gift.code }}
              submit="Redeem my gift"
              address={loaderData.address}
              deliveryWeek={loaderData.soonestWeek}
              firstBoxes={firstBoxes}
              fullWeeks={fullWeeks}
              openRegions={openRegions}
              answer={answer}
              holdNote
            />
          </>
        ) : gift && gift.redeemed === "by-you" ? (
          <p role="status" className="rounded-2xl bg-white p-5 shadow-sm">
            You&apos;ve redeemed this gift from {gift.from} already. Your boxes and credit are on
            your{" "}
            <Link to={paths.profileSubscription} className="font-semibold text-leaf-dark underline">
              subscription page
            </Link>
            .
          </p>
        ) : (
          <section aria-labelledby="code-title" className="rounded-2xl bg-white p-5 shadow-sm">
            <h2 id="code-title" className="text-2xl font-bold">
              Your gift code
            </h2>
            <div className="mt-4">
              <GiftCodeForm code={loaderData.code} error={codeError} />
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
