// A member's credit (ADR 040): the balance (the sum of their rows) and its history, newest first,
// in words: for the member's own page (by user id) and the admin's (found by e-mail address).
import { desc, eq, sql } from "drizzle-orm";
import { creditEntries, users, type CreditKind } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { CREDIT_MESSAGES, memberEmailSchema } from "./credits.schema.ts";

/** How many rows of history are listed. */
export const CREDIT_HISTORY_LENGTH = 50;

export const CREDIT_KIND_WORDS: Record<CreditKind, string> = {
  referral_milestone: "Friends joined through your link",
  gift: "A gift",
  goodwill: "From the Patch team",
  refunded_box: "A refunded box",
  applied_to_box: "Used on your box",
  taken_back: "Taken back",
};

const nzDate = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  day: "numeric",
  month: "long",
  year: "numeric",
});

export interface CreditLine {
  id: string;
  date: string;
  kind: CreditKind;
  reason: string;
  /** The row's note: the system's words for the member; an admin's reason (shown to admins). */
  note: string | null;
  /** Made by an admin (their reason is theirs, not shown to the member). */
  byAdmin: boolean;
  amount: number;
  amountText: string;
}

export interface Ledger {
  balance: number;
  balanceText: string;
  history: CreditLine[];
}

export type CreditBalance = Outcome<
  { member: { id: string; email: string; name: string } } & Ledger
>;

/** A member's own balance and history, by their id (their page). */
export async function getMemberCredit(userId: string): Promise<Ledger> {
  const currency = settings().currency;
  // The history and the balance (the sum over every row, taken before the limit) in one read.
  const found = await db()
    .select({
      entry: creditEntries,
      total: sql<number>`coalesce(sum(${creditEntries.amount}) over (), 0)::int`,
    })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(CREDIT_HISTORY_LENGTH);
  const balance = Number(found[0]?.total ?? 0);
  return {
    balance,
    balanceText: formatMoney(balance, currency),
    history: found.map(({ entry: r }) => ({
      id: r.id,
      date: nzDate.format(r.createdAt),
      kind: r.kind,
      reason: CREDIT_KIND_WORDS[r.kind],
      note: r.note,
      byAdmin: r.createdBy !== null,
      amount: r.amount,
      amountText: formatMoney(r.amount, currency),
    })),
  };
}

/** A member's credit with who they are: found by id, or by e-mail address (the admin's search). */
export async function getCreditBalance(
  who: { userId: string } | { email: unknown },
): Promise<CreditBalance> {
  let where;
  if ("userId" in who) where = eq(users.id, who.userId);
  else {
    const email = memberEmailSchema.safeParse(who.email);
    if (!email.success) return failure("invalid", email.error.issues[0]!.message);
    where = sql`lower(${users.email}) = ${email.data}`;
  }
  const [member] = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(where);
  if (!member) return failure("not-found", CREDIT_MESSAGES.notFound);
  return { ok: true, member, ...(await getMemberCredit(member.id)) };
}
