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

export type CreditBalance = Outcome<{
  member: { id: string; email: string; name: string };
  balance: number;
  balanceText: string;
  history: CreditLine[];
}>;

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
  // The history and the balance (the sum over every row, taken before the limit) in one read,
  // beside the member's own row when their id is already known.
  const ledger = (userId: string) =>
    db()
      .select({
        entry: creditEntries,
        total: sql<number>`coalesce(sum(${creditEntries.amount}) over (), 0)::int`,
      })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
      .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
      .limit(CREDIT_HISTORY_LENGTH);
  const findMember = () =>
    db().select({ id: users.id, email: users.email, name: users.name }).from(users).where(where);
  const [[member], known] = await Promise.all([
    findMember(),
    "userId" in who ? ledger(who.userId) : null,
  ]);
  if (!member) return failure("not-found", CREDIT_MESSAGES.notFound);
  const found = known ?? (await ledger(member.id));
  const rows = found.map((r) => r.entry);
  const currency = settings().currency;
  const balance = Number(found[0]?.total ?? 0);
  return {
    ok: true,
    member,
    balance,
    balanceText: formatMoney(balance, currency),
    history: rows.map((r) => ({
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
