// An admin takes credit back from a member with a reason (ADR 040): one 'taken_back' row, never
// more than the balance (refused with 409 and the balance in words), once per request key. The
// member's credits lock makes concurrent debits wait, so two can't both spend the same credit.
import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, fieldErrors } from "#app/lib/outcome.ts";
import { addCreditEntry, balanceOf, entryByKey, lockCredits } from "./credit-ledger.server.ts";
import { CREDIT_MESSAGES, creditAdjustmentSchema } from "./credits.schema.ts";
import type { CreditChangeOutcome } from "./grant-credit.server.ts";

export async function takeBackCredit({
  input,
  admin,
  now,
}: {
  input: unknown;
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
  const key = `admin:${userId}:${requestKey}`;
  const words = (taken: number, balance: number) =>
    `Took back ${formatMoney(taken, currency)} of credit. Their balance is ${formatMoney(balance, currency)}.`;
  return db().transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) return failure("not-found", CREDIT_MESSAGES.memberGone);
    await lockCredits(tx, userId);
    const done = await entryByKey(tx, key);
    const balance = await balanceOf(tx, userId);
    if (done) return { ok: true, message: words(-done.amount, balance), entryId: done.id, balance };
    if (amount > balance)
      return failure(
        "conflict",
        `That's more than their balance of ${formatMoney(balance, currency)}: credit can't go below zero.`,
        { fieldErrors: { amount: `At most ${formatMoney(balance, currency)}.` } },
      );
    const { entry } = await addCreditEntry(tx, {
      userId,
      amount: -amount,
      kind: "taken_back",
      note: reason,
      createdBy: admin.id,
      requestKey: key,
      now,
    });
    return {
      ok: true,
      message: words(amount, balance - amount),
      entryId: entry.id,
      balance: balance - amount,
    };
  });
}
