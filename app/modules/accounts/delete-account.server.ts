// "Delete my account" (Privacy Act 2020): confirmed with the password, it removes the account,
// its sessions and its profile. A waitlist entry stays a separate consent: it is unlinked, and its
// own unsubscribe link still ends it. Gifts keep their money records and lose their personal parts
// (member-gifts.server.ts, ADR 049).
import { eq } from "drizzle-orm";
import { contacts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { done, signInAgain, wrongField, type AccountsOutcome } from "./outcome.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import { forgetMemberGifts } from "./member-gifts.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export async function deleteAccount({
  user,
  input,
  meta,
}: {
  user: { id: string; signedInAt: string };
  input: { password?: unknown; confirm?: unknown };
  meta: RequestMeta;
}): Promise<AccountsOutcome> {
  const userId = user.id;
  if (!signedInRecently(user)) return signInAgain;
  const password = typeof input.password === "string" ? input.password : "";
  if (input.confirm !== "yes" || !password) {
    return {
      ok: false,
      code: "invalid",
      message: "Tick the box and enter your password to delete your account.",
      fieldErrors: {
        ...(input.confirm !== "yes" ? { confirm: "Please tick the box to confirm." } : {}),
        ...(!password ? { deletePassword: "Please enter your password." } : {}),
      },
    };
  }
  try {
    const [account] = await db()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const { headers } = await accountsAuth().api.deleteUser({
      body: { password },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    await db()
      .update(contacts)
      .set({ userId: null, updatedAt: new Date() })
      .where(eq(contacts.userId, userId));
    if (account) await forgetMemberGifts({ userId, email: account.email });
    return done(MESSAGES.accountDeleted, setCookies(headers));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    if (code === "INVALID_PASSWORD") {
      return wrongField(
        "deletePassword",
        MESSAGES.wrongCurrentPassword,
        "That password isn't right.",
      );
    }
    return { ok: false, code: "invalid", message: MESSAGES.deleteFailed };
  }
}
