// The form's sign-ups of new addresses, gathered across concurrent requests and written by one
// statement (ARCHITECTURE.md "group commit"): the per-connection limit counted, the contacts and
// their referrals made, their consents recorded and confirmation jobs queued, in one transaction.
// join-waitlist.server.ts sends everything else (a known address, a repeat) down the merge path.
import { sql } from "drizzle-orm";
import { batched } from "#app/lib/batch.server.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { enqueueMany, wakeLocalWorkers } from "#app/lib/queue.server.ts";
import { countHitsSql, rateWindow } from "#app/lib/rate-limit.server.ts";
import { recordConsents } from "./record-consent.server.ts";
import { newReferralCode, readReferralCode } from "./referral-code.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import { CONSENT_STATEMENT, formPageSchema, type joinWaitlistSchema } from "./waitlist.schema.ts";

/**
 * Sign-ups an hour from one connection (an IPv4 address, or an IPv6 /64). New Zealand's mobile
 * networks put many people behind one address (carrier-grade NAT), as schools and offices do, so
 * the first `free` need nothing; past them each needs a small proof of work from the browser, up
 * to `ceiling`, where the connection is refused until the hour ends (ADR 022). Every request
 * counts, repeats and refusals included.
 */
export const JOIN_LIMIT = { free: 300, ceiling: 2_000, windowSeconds: 3600, workBits: 14 };
const LIMIT_BUCKET = "waitlist-join";

export interface JoinContext {
  ip: string;
  userAgent?: string | null;
  /** The page the form was on, e.g. "/" or "/waitlist". */
  page: string;
  /** The share code the person arrived through (/r/{code}), if any (ADR 037). */
  referralCode?: string | null;
  /**
   * The verified address of the member signed in for this request, if any: signed in as the
   * contact, a re-join may move them to another region's queue (ADR 061).
   */
  memberEmail?: string | null;
}

export type JoinInput = ReturnType<typeof joinWaitlistSchema.parse>;

export const consentSource = (context: JoinContext) =>
  `${settings().siteUrl}${formPageSchema.parse(context.page)}`;

export interface NewContact {
  input: JoinInput;
  context: JoinContext;
  id: string;
  key: string;
  /** The per-connection limit's counter. */
  limitKey: string;
  /** Carries valid work for a challenge (needed past the free sign-ups). */
  worked: boolean;
  /** Within the connection's confirmation e-mails to strangers (ADR 065). */
  mayEmail: boolean;
}

/**
 * New addresses (the usual case), gathered across concurrent requests (ARCHITECTURE.md "group
 * commit"). One statement counts their hits on the per-connection limit and, for those within it,
 * makes their contacts and consents; a second queues their confirmation jobs, in the same
 * transaction, which the workers are woken for when it commits. Each answer says whether the
 * limit allowed it (and how many hits its connection had, so a refusal knows whether work would
 * have let it through) and whether that contact was made; a known address (or a repeat within
 * the batch) is not made, and takes the merge path on its own.
 */
export const saveNewContacts = batched<
  NewContact,
  { allowed: boolean; seen: number; retryAfter: number; created: boolean }
>(async (items) => {
  const answers = await db().transaction(async (tx) => {
    const { windowStart, retryAfter } = rateWindow(JOIN_LIMIT.windowSeconds);
    const column = <T>(pick: (item: NewContact) => T) => sql.param(items.map(pick));
    const result = (await tx.execute(sql`
        with input as (
          select * from unnest(
            ${column((i) => i.id)}::uuid[],
            ${column((i) => i.input.email)}::text[],
            ${column((i) => i.input.region)}::text[],
            ${column((i) => i.input.plan ?? null)}::text[],
            ${column((i) => i.key)}::text[],
            ${column((i) => i.limitKey)}::text[],
            ${column((i) => i.worked)}::boolean[],
            ${column(() => newReferralCode())}::text[],
            ${column((i) => readReferralCode(i.context.referralCode))}::text[]
          ) with ordinality as t(id, email, region, plan, send_key, limit_key, worked,
                                 referral_code, referred_by, ord)
        ),
        hits as (
          ${countHitsSql(sql`
            select ${LIMIT_BUCKET}::text, limit_key, ${windowStart.toISOString()}::timestamptz,
                   count(*)::int
            from input group by limit_key`)}
        ),
        -- The j-th of n hits on a counter in this batch saw count - n + j. Only the first entry
        -- of an id or an address in the batch may make a contact; a repeat merges on its own.
        counted as (
          select input.*,
                 hits.count - count(*) over w + row_number() over (w order by input.ord) as seen,
                 row_number() over (partition by input.id order by input.ord) = 1
                   and row_number() over (partition by input.email order by input.ord) = 1
                   as first
          from input join hits on hits.key = input.limit_key
          window w as (partition by input.limit_key)
        ),
        -- Free up to the free count; past it, only with work, and nothing past the ceiling.
        within as (
          select counted.*,
                 seen <= ${JOIN_LIMIT.free} or (worked and seen <= ${JOIN_LIMIT.ceiling}) as ok
          from counted
        ),
        allowed as (
          select * from within where ok and first
        ),
        -- A known id or address makes nothing here (either conflict).
        inserted as (
          insert into contacts (id, email, region, address, plan, source, referral_code)
          select id, email, region, jsonb_build_object('state', region, 'country', 'New Zealand'),
                 plan, 'waitlist_page', referral_code
          from allowed
          on conflict do nothing
          returning id
        ),
        -- Who referred them (a share link's code), in the same statement as the contact: a
        -- contact made is never left without its referral (record-referral.server.ts).
        referred as (
          insert into referrals (referrer_id, friend_id, ip)
          select referrer.id, allowed.id, allowed.limit_key
          from allowed
          join inserted using (id)
          join contacts referrer on referrer.referral_code = allowed.referred_by
          where allowed.referred_by is not null
          on conflict (friend_id) do nothing
        )
        select within.ord::int as ord, within.ok as allowed, within.seen::int as seen,
               (inserted.id is not null and within.first) as created
        from within
        left join inserted on inserted.id = within.id`)) as unknown as {
      rows: { ord: number; allowed: boolean; seen: number; created: boolean }[];
    };
    const byItem = new Map(result.rows.map((r) => [items[r.ord - 1], r]));
    const fresh = items.filter((i) => byItem.get(i)?.created);
    await recordConsents(
      tx,
      fresh.map((i) => ({
        contactId: i.id,
        statement: CONSENT_STATEMENT,
        source: consentSource(i.context),
        ip: i.context.ip,
        userAgent: i.context.userAgent,
      })),
    );
    // None past the connection's confirmation e-mails to strangers (ADR 065).
    await enqueueMany(
      tx,
      sendWaitlistConfirmationJob,
      fresh
        .filter((i) => i.mayEmail)
        .map((i) => ({
          payload: { email: i.input.email, region: i.input.region, contactId: i.id, key: i.key },
          options: { singletonKey: `confirm:${i.id}`, singletonSeconds: 600 },
        })),
    );
    if (settings().crmWebhook) {
      await enqueueMany(
        tx,
        syncContactToCrmJob,
        fresh.map((i) => ({ payload: { contactId: i.id, event: "created" as const } })),
      );
    }
    return items.map((i) => {
      const row = byItem.get(i);
      return {
        allowed: row?.allowed ?? false,
        seen: Number(row?.seen ?? Infinity),
        retryAfter,
        created: Boolean(row?.created),
      };
    });
  });
  if (answers.some((a, n) => a.created && items[n]!.mayEmail))
    wakeLocalWorkers(sendWaitlistConfirmationJob);
  return answers;
});
