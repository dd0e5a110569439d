// "Delete my account" (Privacy Act 2020): confirmed with the password, it removes the account,
// its sessions and its profile. A waitlist entry stays a separate consent: it is unlinked, and its
// own unsubscribe link still ends it. Gifts keep their money records and lose their personal parts
// (member-gifts.server.ts, ADR 049). The account's money relationship ends first, in the same
// transaction as those (ADR 059): `settle`, given by the flow that knows subscriptions and orders,
// ends every subscription, refunds or keeps a paid box as the member chose, forgets the saved card
// and anonymises what the tax records keep. The password is checked before anything changes.
import { eq } from "drizzle-orm";
import { contacts, users } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { fieldErrors, type Failure } from "#app/lib/outcome.ts";
import {
  DELETE_MESSAGES,
  MESSAGES,
  deleteAccountSchema,
  type PaidBoxChoice,
} from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { confirmPassword } from "./confirm-password.server.ts";
import { done, signInAgain, wrongField, type AccountsOutcome } from "./outcome.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import { forgetMemberGifts } from "./member-gifts.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

/** Ends the account's money relationship inside the deletion's transaction, or says why not. */
export type SettleAccount = (
  tx: Database,
  account: { userId: string; paidBox: PaidBoxChoice | undefined },
) => Promise<Failure | void>;

const wrongPassword = () =>
  wrongField("deletePassword", MESSAGES.wrongCurrentPassword, "That password isn't right.");

export async function deleteAccount({
  user,
  input,
  meta,
  settle,
}: {
  user: { id: string; signedInAt: string };
  input: { password?: unknown; confirm?: unknown; paidBox?: unknown };
  meta: RequestMeta;
  settle?: SettleAccount;
}): Promise<AccountsOutcome> {
  const userId = user.id;
  if (!signedInRecently(user)) return signInAgain;
  const parsed = deleteAccountSchema.safeParse({
    confirm: input.confirm,
    deletePassword: input.password,
    paidBox: input.paidBox,
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const onlyChoice = Object.keys(errors).every((k) => k === "paidBox");
    return {
      ok: false,
      code: "invalid",
      message: onlyChoice ? DELETE_MESSAGES.paidBox : DELETE_MESSAGES.form,
      fieldErrors: errors,
    };
  }
  const { deletePassword: password, paidBox } = parsed.data;
  if (!(await confirmPassword({ meta, password }))) return wrongPassword();
  try {
    const refused = await db().transaction(async (tx) => {
      const [account] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      const settled = await settle?.(tx, { userId, paidBox });
      if (settled) return settled;
      await tx
        .update(contacts)
        .set({ userId: null, updatedAt: new Date() })
        .where(eq(contacts.userId, userId));
      if (account) await forgetMemberGifts({ userId, email: account.email }, tx);
      return null;
    });
    if (refused) return refused;
    const { headers } = await accountsAuth().api.deleteUser({
      body: { password },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    return done(MESSAGES.accountDeleted, setCookies(headers));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    if (code === "INVALID_PASSWORD") return wrongPassword();
    return { ok: false, code: "invalid", message: MESSAGES.deleteFailed };
  }
}
