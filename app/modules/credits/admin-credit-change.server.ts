// The preamble an admin's change to a member's credit shares (ADR 040): the form parsed (refused
// with its first message and each field's), the member found, their credits locked; then the
// change itself, under that lock, with the row it writes keyed by the form's request key so a
// retried submit finds it.
import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { lockCredits, type NewCreditEntry } from "./credit-ledger.server.ts";
import { CREDIT_MESSAGES, creditAdjustmentSchema } from "./credits.schema.ts";

export type CreditChangeOutcome = Outcome<{ entryId: string; balance: number }>;

export interface AdminCreditRequest {
  input: unknown;
  /** The admin acting: their id is kept on the row. */
  admin: { id: string };
  /** When it happened (tests); by default the moment it is written. */
  now?: Date;
  /**
   * The caller's transaction, when the credit is one part of a larger change (an admin's goodwill
   * credit from a subscription's page, written with its history row): its row locks come first,
   * the credits lock last.
   */
  tx?: Database;
}

export interface CreditChange {
  userId: string;
  /** The amount the admin typed, in cents (never negative). */
  amount: number;
  /** The row to write, but for its amount and kind. */
  entry: Omit<NewCreditEntry, "amount" | "kind">;
  /** Cents in the shop's currency, in words. */
  money: (cents: number) => string;
}

export async function adminCreditChange(
  { input, admin, now, tx: outer }: AdminCreditRequest,
  change: (tx: Database, c: CreditChange) => Promise<CreditChangeOutcome>,
): Promise<CreditChangeOutcome> {
  const parsed = creditAdjustmentSchema.safeParse(input);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]!.message, {
      fieldErrors: fieldErrors(parsed.error),
    });
  const { userId, amount, reason, requestKey } = parsed.data;
  const currency = settings().currency;
  const inTransaction = async (tx: Database) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) return failure("not-found", CREDIT_MESSAGES.memberGone);
    await lockCredits(tx, userId);
    return change(tx, {
      userId,
      amount,
      entry: {
        userId,
        note: reason,
        createdBy: admin.id,
        requestKey: `admin:${userId}:${requestKey}`,
        now,
      },
      money: (cents) => formatMoney(cents, currency),
    });
  };
  return outer ? inTransaction(outer) : db().transaction(inTransaction);
}
