// The better-auth instance with the accounts hooks wired in: every caller (our use-cases and the
// /api/auth mount) goes through here, so profiles and the waitlist migration always run.
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { auth, setAuthHooks, type Auth } from "#app/lib/auth.server.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import { isBanned } from "./admin-users.server.ts";
import { grantAdminRightsIfListed } from "./grant-admin-rights.server.ts";
import { liftSignInLock } from "./rate-limits.server.ts";
import { signedUpInThisBrowser } from "./sign-up-browser.server.ts";
import { safeRedirect } from "./accounts.schema.ts";
import {
  ensureProfile,
  migrateWaitlistContactAtSignIn,
} from "./migrate-waitlist-contact.server.ts";

let wired = false;

export function accountsAuth(): Auth {
  if (!wired) {
    wired = true;
    setAuthHooks({
      userCreated: (user) => ensureProfile(user.id, user.name),
      canStartSession: async (userId) => !(await isBanned(userId)),
      sessionCreated: (session) => migrateWaitlistContactAtSignIn(session.userId),
      // The link proves the mailbox; only in the browser that chose the password does it keep that
      // password and sign in. Anywhere else the opener chooses the password (ADR 020).
      emailConfirming: async (user, request) => {
        if (await signedUpInThisBrowser(request, user.id)) {
          await grantAdminRightsIfListed(user);
          return;
        }
        throw choosePasswordInstead(request);
      },
      // A reset link proves the mailbox and the owner chose the password with it: the address is
      // confirmed, an admin address gets its rights, and guessers' failures stop holding it back.
      passwordReset: async (user) => {
        await db()
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await grantAdminRightsIfListed(user);
        await liftSignInLock(user.email);
      },
      // Sign-up answers the same whether or not the address has an account; the owner hears of it.
      existingUserSignUp: async (user) => {
        const s = settings();
        if (!user.emailVerified) {
          // Not yet confirmed (perhaps registered by someone else first): a new link, which lets
          // whoever owns the mailbox choose the password.
          void accountsAuth()
            .api.sendVerificationEmail({
              body: { email: user.email, callbackURL: "/auth/callback" },
            })
            .catch((err: unknown) => log.error({ err }, "confirmation e-mail failed"));
          return;
        }
        void sendMail({
          to: user.email,
          ...renderEmail({
            subject: `Someone tried to create a ${s.brandName} account with your email`,
            preheader: "You already have an account: sign in or reset your password.",
            heading: "You already have an account",
            paragraphs: [
              "Someone tried to create an account with this email address, but you already have one.",
              "If it was you, sign in. Forgotten your password? You can reset it from the sign-in page.",
            ],
            button: { label: "Sign in", url: `${s.siteUrl}/auth` },
            reason: `You're getting this because of a sign-up attempt on ${s.siteUrl}.`,
          }),
        }).catch((err: unknown) => log.error({ err }, "existing-account e-mail failed"));
      },
    });
  }
  return auth();
}

/**
 * The confirmation link, opened elsewhere: to the page where its opener chooses the password,
 * still carrying the page the person signed up from (its callbackURL's `redirectTo`, issue 39).
 */
function choosePasswordInstead(request: Request | undefined): APIError {
  const url = request ? new URL(request.url) : undefined;
  const token = url?.searchParams.get("token") ?? "";
  const params = new URLSearchParams({ mode: "confirm-email", token });
  const back = redirectToOfCallback(url?.searchParams.get("callbackURL"));
  if (back) params.set("redirectTo", back);
  return new APIError("FOUND", undefined, {
    location: `${settings().siteUrl}/auth?${params.toString()}`,
  });
}

/** The page a confirmation link's callbackURL (`/auth/callback?redirectTo=…`) returns to, if ours. */
export function redirectToOfCallback(callbackURL: string | null | undefined): string {
  if (!callbackURL) return "";
  try {
    const url = new URL(callbackURL, "https://patch.invalid");
    return safeRedirect(url.searchParams.get("redirectTo"), "");
  } catch {
    return "";
  }
}

/** Headers for a call into better-auth: the browser's cookies, and the client address we trust. */
export function authHeaders({ request, clientIp }: RequestMeta): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent);
  headers.set("x-patch-client-ip", clientIp);
  return headers;
}

/** better-auth's error code, if the error is one of its answers. */
export function authErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return body?.code ?? String(error.status);
  }
  return undefined;
}

/** The Set-Cookie lines of a better-auth answer, to pass on with our redirect. */
export function setCookies(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}
