// The better-auth instance with the accounts hooks wired in: every caller (our use-cases and the
// /api/auth mount) goes through here, so profiles and the waitlist migration always run.
import { APIError } from "better-auth/api";
import { auth, setAuthHooks, type Auth } from "../../lib/auth.server.ts";
import { renderEmail } from "../../lib/email-layout.server.ts";
import { settings } from "../../lib/env.server.ts";
import { log } from "../../lib/log.server.ts";
import { sendMail } from "../../lib/mail.server.ts";
import { isBanned } from "./admin-users.server.ts";
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
      // Sign-up answers the same whether or not the address has an account; the owner hears of it.
      existingUserSignUp: async (user) => {
        const s = settings();
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

/** Headers for a call into better-auth: the browser's cookies, and the client address we trust. */
export function authHeaders(request: Request, clientIp: string): Headers {
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
