// An admin takes credit back from a member with a reason (ADR 040): one 'taken_back' row, never
// more than the balance (refused with 409 and the balance in words), once per request key. The
// member's credits lock makes concurrent debits wait, so two can't both spend the same credit.
import { failure } from "#app/lib/outcome.ts";
import {
  adminCreditChange,
  type AdminCreditRequest,
  type CreditChangeOutcome,
} from "./admin-credit-change.server.ts";
import { addCreditEntry, balanceOf, entryByKey } from "./credit-ledger.server.ts";

export function takeBackCredit(request: AdminCreditRequest): Promise<CreditChangeOutcome> {
  return adminCreditChange(request, async (tx, { userId, amount, entry, money }) => {
    const words = (taken: number, balance: number) =>
      `Took back ${money(taken)} of credit. Their balance is ${money(balance)}.`;
    const done = await entryByKey(tx, entry.requestKey);
    const balance = await balanceOf(tx, userId);
    if (done) return { ok: true, message: words(-done.amount, balance), entryId: done.id, balance };
    if (amount > balance)
      return failure(
        "conflict",
        `That's more than their balance of ${money(balance)}: credit can't go below zero.`,
        { fieldErrors: { amount: `At most ${money(balance)}.` } },
      );
    const { entry: row } = await addCreditEntry(tx, {
      ...entry,
      amount: -amount,
      kind: "taken_back",
    });
    return {
      ok: true,
      message: words(amount, balance - amount),
      entryId: row.id,
      balance: balance - amount,
    };
  });
}
