// An admin gives a member goodwill credit with a reason (ADR 040): one 'goodwill' row, once per
// request key (a retried submit finds its row and answers the same).
import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { addCreditEntry, balanceOf, lockCredits } from "./credit-ledger.server.ts";
import { CREDIT_MESSAGES, creditAdjustmentSchema } from "./credits.schema.ts";

export type CreditChangeOutcome = Outcome<{ entryId: string; balance: number }>;

export async function grantCredit({
  input,
  admin,
  now,
}: {
  input: unknown;
  /** The admin acting: their id is kept on the row. */
  admin: { id: string };
  /** When it happened (tests); by default the moment it is written. */
  now?: Date;
}): Promise<CreditChangeOutcome> {
  const parsed = creditAdjustmentSchema.safeParse(input);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]!.message, {
      fieldErrors: fieldErrors(parsed.error),
    });
  const { userId, amount, reason, requestKey } = parsed.data;
  const currency = settings().currency;
  return db().transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) return failure("not-found", CREDIT_MESSAGES.memberGone);
    await lockCredits(tx, userId);
    const { entry } = await addCreditEntry(tx, {
      userId,
      amount,
      kind: "goodwill",
      note: reason,
      createdBy: admin.id,
      requestKey: `admin:${userId}:${requestKey}`,
      now,
    });
    const balance = await balanceOf(tx, userId);
    return {
      ok: true,
      message: `Added ${formatMoney(entry.amount, currency)} of credit. Their balance is ${formatMoney(balance, currency)}.`,
      entryId: entry.id,
      balance,
    };
  });
}
