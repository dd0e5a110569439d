// Money invariants, property-based (fast-check through @fast-check/vitest): random sequences of what
// members and admins do with money, interleaved with renewal runs and retries, through the real
// use-cases on the file's real database and the local fake of Stripe's API (tests/setup/
// stripe-api.ts), then six invariants checked against the provider's own records as well as ours:
//
//   (i)   no charge for a subscription that was not running, or whose account was gone;
//   (ii)  at most one successful charge per subscription per box;
//   (iii) every credit balance is the sum of its entries and never below zero;
//   (iv)  every charge belongs to a box or an order, and every refund returned what paid (the
//         credit part as credit, the card part to the card);
//   (v)   a contact's milestone credit is granted at most once ever (across account deletion and a
//         new account with the same address too);
//   (vi)  a save offer at most once per subscription per 12 months.
//
// Design. A sequence is ≤ 15 operations by two members (accounts with a password, and the
// waitlist contact each becomes when a friend first uses their share link) on a clock that starts on 25 November 2026 and only moves
// when an `advance` operation runs the day's jobs (due pauses resumed, then runRenewals, as
// renewal/renewal.server and thirteen-months drive it). `retry` repeats the operation before it with
// the same request keys (a double submit, a lost answer), a renewal run again at the same moment.
// Charges are read from the fake Stripe's PaymentIntents and Refunds, never only from our tables;
// what the ledger held is observed after every operation, so an entry that a deletion cascaded
// away still counts. Each run starts from an empty database (emptyDatabaseQuickly: deleting the
// rows a sequence wrote costs a fifth of truncating every table) and an empty fake.
//
// KNOWN_OPEN: the operations that today reach a defect being fixed on other branches; they are
// left out of the random sequences so the suite stays green, and each has a fixed counterexample
// test below (the shrunk sequence fast-check found) that expects the violation while the
// operation is listed and none once it isn't. When a fix is merged, remove its operation from
// the list: its fixed test then proves the fix, and the random runs cover the operation again.
// MONEY_PROPERTY_RUNS sets the runs per project (default 25; CI, .ci/run, sets 1,000 for each of
// the PGlite and PostgreSQL projects: the issue's floor of 2,000 a CI run); `npm run bench --
// money-properties` runs more.
import { test as fcTest, fc } from "@fast-check/vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { writeFileSync } from "node:fs";
import { afterAll, expect, test } from "vitest";
import {
  authAccounts,
  boxes,
  creditEntries,
  orders,
  subscriptionEvents,
  subscriptions,
  users,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { refundSubscriptionBox } from "#app/flows/refund-subscription-box.server.ts";
import { deleteAccount } from "#app/modules/accounts/delete-account.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { getMemberCredit } from "#app/modules/credits/get-credit-balance.server.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { takeBackCredit } from "#app/modules/credits/take-back-credit.server.ts";
import { formatGiftCode } from "#app/modules/gifts/gift-code.ts";
import { giftCodeFor } from "#app/modules/gifts/gift-code.server.ts";
import { redeemGift } from "#app/modules/gifts/redeem-gift.server.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { acceptCancelOffer } from "#app/modules/subscriptions/accept-cancel-offer.server.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import { PAID_BOX_STATUSES } from "#app/modules/subscriptions/get-admin-subscription.server.ts";
import { changeSubscriptionPlan } from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import { pauseSubscription } from "#app/modules/subscriptions/pause-subscription.server.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import {
  resumeDuePauses,
  resumeSubscription,
} from "#app/modules/subscriptions/resume-subscription.server.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import {
  completeStripeSubscription,
  startStripeSubscription,
} from "#app/modules/subscriptions/start-stripe-subscription.server.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { swapNextBoxItem } from "#app/modules/subscriptions/swap-next-box-item.server.ts";
import { undoCancelSubscription } from "#app/modules/subscriptions/undo-cancel-subscription.server.ts";
import { confirmContact } from "#app/modules/waitlist/confirm-contact.server.ts";
import { confirmUrl } from "#app/modules/waitlist/contact-links.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { jobs } from "#server/jobs.ts";
import { confirmedAccount, cookieHeader, requestMetas } from "#tests/factories/accounts.ts";
import { paidGiftId } from "#tests/factories/gifts.ts";
import { insertMember } from "#tests/factories/members.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { emptyDatabaseQuickly, testSettings } from "#tests/setup/test-database.ts";
import { testServices } from "#tests/setup/test-services.ts";

/** Operations left out of the random runs until the fix for what they reach is merged. */
const KNOWN_OPEN: readonly OpKind[] = [];

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 25);
/** Where the bench (bench/money-properties.ts) reads how many sequences ran and what broke. */
const SUMMARY = process.env.MONEY_PROPERTY_SUMMARY;
/** Every operation in the random runs, KNOWN_OPEN's too (the bench's BENCH_ALL_OPERATIONS=1). */
const ALL_OPERATIONS = process.env.MONEY_PROPERTY_ALL_OPERATIONS === "1";
const tally = {
  ms: 0,
  sequences: 0,
  failing: 0,
  last: null as null | { violations: Violation[]; log: string[] },
};
const MILESTONES = "2:500";
const env = testServices({
  stripe: true,
  settings: { REFERRAL_CREDIT_MILESTONES: MILESTONES },
  queues: jobs as never,
});

// ---------------------------------------------------------------------------------------------
// The operations

const OP_KINDS = [
  "subscribe",
  "subscribeTwiceAtOnce",
  "skip",
  "pause",
  "resume",
  "swap",
  "changePlan",
  "acceptSaveOffer",
  "acceptSaveOfferAgain",
  "cancel",
  "undoCancel",
  "deleteAccount",
  "deleteAccountWithSubscription",
  "signUpAgain",
  "refundBoxPaidByCard",
  "refundBoxPaidWithCredit",
  "grantCredit",
  "takeBackCredit",
  "redeemGift",
  "friendConfirms",
  "advance",
  "retry",
] as const;
type OpKind = (typeof OP_KINDS)[number];

interface Op {
  kind: OpKind;
  /** Which of the two members. */
  m: 0 | 1;
  /** The operation's number: days to advance (7 more), dollars, a plan, a reason or a box. */
  n: number;
}

const PLANS = ["0.5m2", "1m2", "2m2"] as const;
const REASONS = ["other", "contents", "too-expensive", "garden-full", "away"] as const;

/** How often each kind comes up: the clock and the money moves more than the rest. */
const WEIGHT: Partial<Record<OpKind, number>> = {
  advance: 8,
  subscribe: 2,
  acceptSaveOffer: 2,
  acceptSaveOfferAgain: 3,
  deleteAccount: 2,
  deleteAccountWithSubscription: 2,
  signUpAgain: 3,
  friendConfirms: 4,
  grantCredit: 3,
  refundBoxPaidWithCredit: 2,
  retry: 2,
};

function opsArbitrary(open: readonly OpKind[] = KNOWN_OPEN) {
  const kinds = OP_KINDS.filter((k) => !open.includes(k));
  const op = fc.record({
    kind: fc.oneof(...kinds.map((k) => ({ arbitrary: fc.constant(k), weight: WEIGHT[k] ?? 1 }))),
    // Mostly the first member, so one person's story gets long enough to matter.
    m: fc.oneof({ arbitrary: fc.constant(0 as const), weight: 3 }, fc.constant(1 as const)),
    n: fc.integer({ min: 1, max: 40 }),
  });
  // Every sequence starts with someone subscribing, or there is little money to move.
  const starts = (["subscribe", "subscribeTwiceAtOnce"] as const).filter((k) => !open.includes(k));
  return fc
    .tuple(fc.constantFrom<OpKind>(...starts), fc.array(op, { maxLength: 14 }))
    .map(([first, rest]): Op[] => [{ kind: first, m: 0, n: 1 }, ...rest]);
}

// ---------------------------------------------------------------------------------------------
// The world one sequence runs in

interface Member {
  email: string;
  password: string;
  /** The live account, or null once deleted. */
  userId: string | null;
  /** Their waitlist contact's share code, once a friend has used it (joined when first needed). */
  code: string | null;
  friends: number;
}

interface World {
  run: number;
  now: Date;
  members: [Member, Member];
  /** Ledger rows ever seen (deletion cascades them away; they still happened). */
  seenEntries: Map<string, typeof creditEntries.$inferSelect>;
  /** PaymentIntent id → the operation that made it and what was true just before. */
  chargeOrigin: Map<string, { op: number; kind: OpKind; before: Map<string, SubscriptionState> }>;
  /** Balances that were below zero, or not their entries' sum, after some operation. */
  balanceViolations: string[];
  /** Request keys of the operation before (a retry uses them again). */
  lastKeys: string[];
  last: Op | null;
  meta: ReturnType<typeof requestMetas>;
  log: string[];
}

interface SubscriptionState {
  id: string;
  userId: string;
  status: string;
  accountLive: boolean;
}

const START = new Date("2026-11-25T02:00:00Z");
let runs = 0;
let ips = 0;
const ip = () => `198.51.${100 + (Math.floor(++ips / 250) % 100)}.${ips % 250}`;
const tokenOf = (id: string) => new URL(confirmUrl(id)).searchParams.get("token");

async function join(email: string, referralCode?: string) {
  const result = await joinWaitlist(
    { email, region: "Otago" },
    { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode },
  );
  if (!result.ok || !result.contactId) throw new Error(`join failed: ${JSON.stringify(result)}`);
  await confirmContact(tokenOf(result.contactId));
  return { id: result.contactId, code: result.referralCode! };
}

let passwordHash: string | undefined;

/**
 * A confirmed account with a password, as sign-up makes it: through better-auth the first time,
 * then its rows written with the same password hash (hashing is most of a sign-up's time, and the
 * sign-up itself is tested on its own; signUpAgain goes through better-auth every time).
 */
async function account(email: string, password: string): Promise<string> {
  if (!passwordHash) {
    const id = await confirmedAccount(email, password);
    const [row] = await db()
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .where(eq(authAccounts.userId, id));
    passwordHash = row!.password!;
    return id;
  }
  const id = await insertMember({ email, name: "" });
  await db().insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: passwordHash,
  });
  return id;
}

async function freshWorld(): Promise<World> {
  await emptyDatabaseQuickly();
  env.stripe.paymentIntents.clear();
  env.stripe.refunds.length = 0;
  const run = ++runs;
  await openRegion("Auckland", "test", START);
  const members = [] as unknown as [Member, Member];
  for (const i of [0, 1]) {
    const email = `member${i}.run${run}.${process.pid}@example.nz`;
    const password = "kowhai-garden-beds-42";
    const userId = await account(email, password);
    members.push({ email, password, userId, code: null, friends: 0 });
  }
  return {
    run,
    now: START,
    members,
    seenEntries: new Map(),
    chargeOrigin: new Map(),
    balanceViolations: [],
    lastKeys: [],
    last: null,
    meta: requestMetas(`203.0.${run % 250}`),
    log: [],
  };
}

async function subscriptionStates(): Promise<Map<string, SubscriptionState>> {
  const rows = await db()
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      customer: subscriptions.providerCustomerId,
      live: users.id,
    })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.userId));
  return new Map(
    rows
      .filter((r) => r.customer)
      .map((r) => [
        r.customer!,
        { id: r.id, userId: r.userId, status: r.status, accountLive: r.live !== null },
      ]),
  );
}

const subscribeForm = (key: string) => ({
  idempotencyKey: key,
  plan: "1m2",
  deliveryWeek: "2",
  address: {
    street: "12 Kowhai Road",
    suburb: "Grey Lynn",
    city: "Auckland",
    region: "Auckland",
    postcode: "1021",
    rural: false,
  },
});

async function subscribe(w: World, m: Member, keys: string[]) {
  const who = { id: m.userId!, email: m.email, name: "Aroha Ngata" };
  const started = await Promise.all(
    keys.map((k) => startStripeSubscription(subscribeForm(k), who)),
  );
  const intents = started.flatMap((s) => (s.ok && "setupIntentId" in s ? [s.setupIntentId] : []));
  for (const id of intents) env.stripe.confirmSetupIntent(id, TEST_CARDS.visa);
  return Promise.all(intents.map((id) => completeStripeSubscription(id, { id: m.userId! }, w.now)));
}

async function hasSubscription(userId: string): Promise<boolean> {
  const rows = await db()
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return rows.some((r) => r.status !== "ended");
}

/** Save offers the member's current subscription has taken. */
async function offersTaken(userId: string): Promise<number> {
  const found = (await db().execute(sql`
    select count(*)::int as n from subscription_events e
    join subscriptions s on s.id = e.subscription_id
    where s.user_id = ${userId} and s.status <> 'ended' and e.data ? 'offerFor'`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(found.rows[0]?.n ?? 0);
}

/** A paid box of the member's, whose credit part is (or isn't) above zero, picked by `n`. */
async function paidBox(m: Member, n: number, withCredit: boolean) {
  if (!m.userId) return null;
  const rows = await db()
    .select({
      subscriptionId: boxes.subscriptionId,
      boxId: boxes.id,
      total: orders.total,
      reference: orders.paymentReference,
    })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(subscriptions.userId, m.userId), inArray(boxes.status, [...PAID_BOX_STATUSES])));
  const matching = rows.filter((r) => creditPart(r.total, r.reference) > 0 === withCredit);
  return matching.length ? matching[n % matching.length]! : null;
}

/** What credit paid of an order: its total less what the card paid, by the provider's record. */
function creditPart(total: number, reference: string | null): number {
  const intent = reference ? env.stripe.paymentIntents.get(reference) : undefined;
  return total - (intent?.status === "succeeded" ? intent.amount : 0);
}

async function perform(w: World, op: Op, index: number, keys: string[]): Promise<unknown> {
  const m = w.members[op.m];
  const key = (i = 0) => (keys[i] ??= crypto.randomUUID());
  const who = m.userId ? { userId: m.userId, now: w.now } : null;
  switch (op.kind) {
    case "subscribe":
      return m.userId ? subscribe(w, m, [key()]) : null;
    case "subscribeTwiceAtOnce":
      return m.userId ? subscribe(w, m, [key(0), key(1)]) : null;
    case "skip":
      return who && skipNextBox({ requestKey: key() }, who);
    case "pause":
      return who && pauseSubscription({ requestKey: key(), pauseFor: String(1 + (op.n % 3)) }, who);
    case "resume":
      return who && resumeSubscription({ requestKey: key() }, who);
    case "swap": {
      if (!who) return null;
      // The catalogue's items, when there are any (a swap moves no money: it is here for its
      // row locks and history between the money operations).
      const found = (await db().execute(
        sql`select id from box_items order by id limit 2`,
      )) as unknown as { rows: { id: string }[] };
      const itemId = found.rows[0]?.id ?? crypto.randomUUID();
      const replacementId = found.rows[1]?.id ?? crypto.randomUUID();
      return swapNextBoxItem({ itemId, replacementId }, { ...who, inSeason: boxItemInSeason });
    }
    case "changePlan":
      return who && changeSubscriptionPlan({ requestKey: key(), plan: PLANS[op.n % 3] }, who);
    case "acceptSaveOffer":
    case "acceptSaveOfferAgain": {
      // The first save offer a subscription takes, or one after an earlier (by its history).
      if (!who || (await offersTaken(who.userId)) > 0 !== (op.kind === "acceptSaveOfferAgain"))
        return null;
      return acceptCancelOffer({ requestKey: key(), reason: REASONS[op.n % REASONS.length] }, who);
    }
    case "cancel":
      return who && cancelSubscription({ requestKey: key(), reason: "other" }, who);
    case "undoCancel":
      return who && undoCancelSubscription({ requestKey: key() }, who);
    case "deleteAccount":
    case "deleteAccountWithSubscription": {
      // With a subscription not yet ended, or with none (or only ended ones).
      if (
        !m.userId ||
        (await hasSubscription(m.userId)) !== (op.kind === "deleteAccountWithSubscription")
      )
        return null;
      // Signed in just now, as the delete page asks (better-auth deletes the session's user).
      const session = await signIn({
        input: { email: m.email, password: m.password },
        meta: w.meta(),
      });
      if (!session.ok) throw new Error(`sign-in before deleting: ${session.message}`);
      const outcome = await deleteAccount({
        user: { id: m.userId, signedInAt: new Date().toISOString() },
        input: { password: m.password, confirm: "yes" },
        meta: w.meta(cookieHeader(session.cookies)),
      });
      if (outcome.ok) m.userId = null;
      return outcome;
    }
    case "signUpAgain": {
      if (m.userId) return null;
      m.userId = await confirmedAccount(m.email, m.password);
      return m.userId;
    }
    case "refundBoxPaidByCard":
    case "refundBoxPaidWithCredit": {
      const box = await paidBox(m, op.n, op.kind === "refundBoxPaidWithCredit");
      if (!box) return null;
      const outcome = await refundSubscriptionBox({
        subscriptionId: box.subscriptionId,
        boxId: box.boxId,
        requestKey: key(),
        adminEmail: "admin@example.nz",
      });
      await drainQueue([refundOrderPaymentJob]);
      return outcome;
    }
    case "grantCredit":
    case "takeBackCredit": {
      if (!m.userId) return null;
      const request = {
        input: { userId: m.userId, amount: String(op.n), reason: "Goodwill", requestKey: key() },
        admin: { id: "property-admin" },
        now: w.now,
      };
      return op.kind === "grantCredit" ? grantCredit(request) : takeBackCredit(request);
    }
    case "redeemGift": {
      if (!m.userId) return null;
      keys[0] ??= await boughtGiftCode(w);
      return redeemGift(
        {
          code: keys[0],
          deliveryWeek: "2",
          address: {
            street: "3 Rimu Street",
            suburb: "",
            city: "Auckland",
            region: "Auckland",
            postcode: "1021",
            rural: false,
          },
        },
        { id: m.userId, email: m.email, name: "Aroha Ngata", emailVerified: true },
        { ip: ip(), userAgent: "vitest" },
        w.now,
      );
    }
    case "friendConfirms": {
      // Two friends join through the member's share link and confirm (the milestone is two).
      m.code ??= (await join(m.email)).code;
      const code = m.code;
      const results = [];
      for (const i of [0, 1]) {
        keys[i] ??= `friend${++m.friends}.${code}.r${w.run}@example.nz`;
        const result = await joinWaitlist(
          { email: keys[i], region: "Otago" },
          { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode: code },
        );
        // A retried join of the same address answers without the contact (made before).
        if (result.ok && result.contactId) await confirmContact(tokenOf(result.contactId));
        results.push(result);
      }
      return results;
    }
    case "advance": {
      // A week to six weeks: a box's cutoff comes round about once in each.
      w.now = new Date(w.now.getTime() + (7 + (op.n % 36)) * 86_400_000);
      return renewalRun(w, index, "advance");
    }
    case "retry": {
      const last = w.last;
      if (!last) return null;
      if (last.kind === "advance" || last.kind === "retry") return renewalRun(w, index, "retry");
      return perform(w, last, index, w.lastKeys);
    }
  }
}

/** The day's jobs at the world's time: due pauses end, then the renewal run. */
async function renewalRun(w: World, index: number, kind: OpKind) {
  const before = await subscriptionStates();
  const known = new Set(env.stripe.paymentIntents.keys());
  await resumeDuePauses(w.now);
  const states = await subscriptionStates();
  const tally = await runRenewals({ now: w.now });
  for (const id of env.stripe.paymentIntents.keys())
    if (!known.has(id))
      w.chargeOrigin.set(id, { op: index, kind, before: mergeStates(before, states) });
  return tally;
}

/** Running before the run: either just before, or once due pauses were resumed. */
function mergeStates(a: Map<string, SubscriptionState>, b: Map<string, SubscriptionState>) {
  const out = new Map(a);
  for (const [k, v] of b) if (v.status === "active") out.set(k, v);
  return out;
}

/** The ledger as it stands: each row remembered, and each balance checked (iii). */
async function observeLedger(w: World, after: string) {
  for (const row of await db().select().from(creditEntries)) w.seenEntries.set(row.id, row);
  for (const m of w.members) {
    if (!m.userId) continue;
    const ledger = await getMemberCredit(m.userId);
    const sum = [...w.seenEntries.values()]
      .filter((e) => e.userId === m.userId)
      .reduce((s, e) => s + e.amount, 0);
    if (ledger.balance !== sum || sum < 0)
      w.balanceViolations.push(
        `(iii) after ${after}: balance ${ledger.balance}, entries sum ${sum}`,
      );
  }
}

async function boughtGiftCode(w: World): Promise<string> {
  // The gift is bought with the demo provider (its own checkout is tested elsewhere); the suite's
  // money moves on Stripe again straight after.
  const stripeSettings = env.database.settings;
  setSettings(
    testSettings({
      DATABASE_URL: env.database.url,
      SITE_URL: "https://patch.test",
      REFERRAL_CREDIT_MILESTONES: MILESTONES,
    }),
  );
  try {
    const id = await paidGiftId({ months: "3", sendOn: w.now.toISOString().slice(0, 10) }, w.now);
    return formatGiftCode(giftCodeFor(id));
  } finally {
    setSettings(stripeSettings);
  }
}

// ---------------------------------------------------------------------------------------------
// The invariants

interface Violation {
  invariant: "i" | "ii" | "iii" | "iv" | "v" | "vi";
  detail: string;
}

const BOX_DATE = /garden box, (\d{4}-\d{2}-\d{2})$/;

async function violations(w: World): Promise<Violation[]> {
  const found: Violation[] = w.balanceViolations.map((detail) => ({ invariant: "iii", detail }));
  const subs = await subscriptionStates();
  const paid = [...env.stripe.paymentIntents.values()].filter((pi) => pi.status === "succeeded");
  const orderRows = await db().select().from(orders);
  const boxRows = await db().select().from(boxes);
  const byReference = new Map(orderRows.map((o) => [o.paymentReference, o]));
  const boxByReference = new Map(boxRows.map((b) => [b.chargeReference, b]));

  // (i) and (ii): the provider's successful charges, by subscription and box.
  const perBox = new Map<string, string[]>();
  for (const pi of paid) {
    const sub = pi.customer ? subs.get(pi.customer) : undefined;
    const origin = w.chargeOrigin.get(pi.id);
    if (origin) {
      const was = pi.customer ? origin.before.get(pi.customer) : undefined;
      if (!was || !was.accountLive || !["active", "past_due"].includes(was.status))
        found.push({
          invariant: "i",
          detail: `${pi.id} (${pi.amount}) taken in operation ${origin.op} (${origin.kind}) from a subscription ${was ? `${was.status}, account ${was.accountLive ? "live" : "deleted"}` : "unknown"}`,
        });
    }
    // By the subscription whose saved card it is (a charge on a card no subscription owns is
    // counted on its own, and is (iv) below), and the box date the provider was told.
    const date = BOX_DATE.exec(pi.description ?? "")?.[1];
    const at = `${sub?.id ?? `customer ${pi.customer}`}, box ${date ?? "?"}`;
    perBox.set(at, [...(perBox.get(at) ?? []), pi.id]);
    // (iv) a charge with no box and no order of ours.
    if (!byReference.has(pi.id) && !boxByReference.has(pi.id))
      found.push({
        invariant: "iv",
        detail: `${pi.id} (${pi.amount}, ${pi.description}) belongs to no box or order`,
      });
  }
  for (const [at, ids] of perBox)
    if (ids.length > 1) found.push({ invariant: "ii", detail: `${ids.length} charges for ${at}` });

  // (iv) every refund returned what paid: the card part to the card (the provider's refunds),
  // the credit part as credit to the member.
  const refundedByUser = new Map<string, number>();
  for (const o of orderRows.filter(
    (r) => r.status === "refunded" && r.kind === "subscription box",
  )) {
    const intent = o.paymentReference
      ? env.stripe.paymentIntents.get(o.paymentReference)
      : undefined;
    const card = intent?.status === "succeeded" ? intent.amount : 0;
    const back = env.stripe.refunds
      .filter((r) => r.payment_intent === o.paymentReference)
      .reduce((s, r) => s + r.amount, 0);
    if (back !== card)
      found.push({
        invariant: "iv",
        detail: `order ${o.number}: card paid ${card}, the card got back ${back}`,
      });
    if (o.userId)
      refundedByUser.set(o.userId, (refundedByUser.get(o.userId) ?? 0) + o.total - card);
  }
  for (const [userId, credit] of refundedByUser) {
    const given = [...w.seenEntries.values()]
      .filter((e) => e.userId === userId && e.kind === "refunded_box")
      .reduce((s, e) => s + e.amount, 0);
    if (given !== credit)
      found.push({
        invariant: "iv",
        detail: `credit paid ${credit} of refunded boxes, ${given} came back as credit`,
      });
  }

  // (v) milestone credit per contact and milestone, ever (keys referral:<contact>:<friends>:<n>).
  const grants = new Map<string, number>();
  for (const e of w.seenEntries.values()) {
    if (e.kind !== "referral_milestone" || e.amount <= 0) continue;
    const [, contact, friends] = e.requestKey.split(":");
    const at = `${contact}:${friends}`;
    grants.set(at, (grants.get(at) ?? 0) + 1);
  }
  for (const [at, n] of grants)
    if (n > 1) found.push({ invariant: "v", detail: `milestone ${at} granted ${n} times` });

  // (vi) save offers taken, per subscription, in any 12 months (the history, and the boxes sold
  // for less than the plan's price).
  const offers = await db()
    .select({
      subscriptionId: subscriptionEvents.subscriptionId,
      at: subscriptionEvents.createdAt,
      type: subscriptionEvents.type,
    })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.type, "discount_given"));
  const perSub = new Map<string, Date[]>();
  for (const o of offers)
    perSub.set(o.subscriptionId, [...(perSub.get(o.subscriptionId) ?? []), o.at]);
  for (const [id, dates] of perSub) {
    dates.sort((a, b) => a.getTime() - b.getTime());
    for (let i = 1; i < dates.length; i++)
      if (dates[i]!.getTime() - dates[i - 1]!.getTime() < 365 * 86_400_000)
        found.push({
          invariant: "vi",
          detail: `subscription ${id}: ${dates.length} save offers within 12 months`,
        });
  }
  return found;
}

/** Runs one sequence from an empty world; answers what was broken. */
async function runSequence(ops: Op[]): Promise<{ violations: Violation[]; log: string[] }> {
  const w = await freshWorld();
  for (const [i, op] of ops.entries()) {
    const keys = op.kind === "retry" ? w.lastKeys : [];
    const outcome = await perform(w, op, i, keys);
    w.log.push(`${i} ${op.kind} m${op.m} n${op.n}: ${summary(outcome)}`);
    await observeLedger(w, `${i} ${op.kind}`);
    if (op.kind !== "retry") {
      w.last = op;
      w.lastKeys = keys;
    }
  }
  return { violations: await violations(w), log: w.log };
}

function summary(outcome: unknown): string {
  if (outcome === null || outcome === undefined) return "not applicable";
  if (Array.isArray(outcome)) return outcome.map(summary).join(" | ");
  const o = outcome as { ok?: boolean; code?: string; message?: string };
  if (typeof o !== "object") return String(o);
  if ("ok" in o) return o.ok ? "ok" : `refused (${o.code})`;
  return "done";
}

// ---------------------------------------------------------------------------------------------
// The property, and the counterexamples it found

fcTest.prop([opsArbitrary(ALL_OPERATIONS ? [] : KNOWN_OPEN)], { numRuns: RUNS })(
  "random sequences of members' and admins' money operations break none of the six invariants",
  async (ops) => {
    const started = performance.now();
    const { violations: broken, log } = await runSequence(ops);
    tally.ms += performance.now() - started;
    tally.sequences++;
    if (broken.length > 0) {
      // Each failing try while shrinking: the last is the smallest counterexample.
      tally.failing++;
      tally.last = { violations: broken, log };
    }
    expect({ broken, log }).toEqual({ broken: [], log });
  },
  // A failure also shrinks (each try a sequence again): room for that as well.
  RUNS * 5_000 + 300_000,
);

afterAll(() => {
  if (SUMMARY) writeFileSync(SUMMARY, JSON.stringify({ runs: RUNS, ...tally }));
});

/** The shrunk counterexamples the property found on the operations in KNOWN_OPEN. */
const COUNTEREXAMPLES: { op: OpKind; breaks: Violation["invariant"][]; ops: Op[] }[] = [
  {
    op: "subscribeTwiceAtOnce",
    breaks: ["iv"],
    ops: [{ kind: "subscribeTwiceAtOnce", m: 0, n: 1 }],
  },
  {
    op: "deleteAccountWithSubscription",
    breaks: ["i"],
    ops: [
      { kind: "subscribe", m: 0, n: 1 },
      { kind: "deleteAccountWithSubscription", m: 0, n: 1 },
      { kind: "advance", m: 0, n: 35 },
    ],
  },
  {
    op: "signUpAgain",
    breaks: ["v"],
    ops: [
      { kind: "friendConfirms", m: 0, n: 1 },
      { kind: "deleteAccount", m: 0, n: 1 },
      { kind: "signUpAgain", m: 0, n: 1 },
      { kind: "friendConfirms", m: 0, n: 1 },
    ],
  },
  {
    op: "acceptSaveOfferAgain",
    breaks: ["vi"],
    ops: [
      { kind: "subscribe", m: 0, n: 1 },
      { kind: "acceptSaveOffer", m: 0, n: 5 },
      { kind: "advance", m: 0, n: 35 },
      { kind: "acceptSaveOfferAgain", m: 0, n: 5 },
    ],
  },
  {
    op: "refundBoxPaidWithCredit",
    breaks: ["iv"],
    ops: [
      { kind: "subscribe", m: 0, n: 1 },
      { kind: "grantCredit", m: 0, n: 10 },
      { kind: "advance", m: 0, n: 35 },
      { kind: "refundBoxPaidWithCredit", m: 0, n: 1 },
    ],
  },
];

// While its operation is in KNOWN_OPEN a counterexample must still break its invariant (the
// suite sees the defect); once the operation is taken off the list, it must break none.
for (const { op, breaks, ops } of COUNTEREXAMPLES) {
  const open = KNOWN_OPEN.includes(op);
  test(`counterexample for ${op}: ${open ? `breaks (${breaks.join(", ")}) until fixed` : "breaks nothing"}`, async () => {
    const { violations: broken, log } = await runSequence(ops);
    const which = [...new Set(broken.map((v) => v.invariant))];
    expect({ which, broken, log }).toEqual({
      which: open ? breaks : [],
      broken: open ? broken : [],
      log,
    });
  });
}
