// An admin gives a member goodwill credit with a reason (ADR 040): one 'goodwill' row, once per
// request key (a retried submit finds its row and answers the same).
import {
  adminCreditChange,
  type AdminCreditRequest,
  type CreditChangeOutcome,
} from "./admin-credit-change.server.ts";
import { addCreditEntry, balanceOf } from "./credit-ledger.server.ts";

export type { CreditChangeOutcome };

export function grantCredit(request: AdminCreditRequest): Promise<CreditChangeOutcome> {
  return adminCreditChange(request, async (tx, { userId, amount, entry, money }) => {
    const { entry: row } = await addCreditEntry(tx, { ...entry, amount, kind: "goodwill" });
    const balance = await balanceOf(tx, userId);
    return {
      ok: true,
      message: `Added ${money(row.amount)} of credit. Their balance is ${money(balance)}.`,
      entryId: row.id,
      balance,
    };
  });
}
