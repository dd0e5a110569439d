// better-auth on our database (ARCHITECTURE.md "auth"). Our pages call it from their actions
// (app/modules/accounts); the browser only reaches its GET links (e-mail confirmation, password
// reset, social callbacks) under /api/auth, mounted in server/app.ts.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth, phoneNumber, twoFactor } from "better-auth/plugins";
import { authAccounts, sessions, twoFactors, users, verifications } from "#db/schema/index.ts";
import { db } from "./db.server.ts";
import { hashOffThread, verifyOffThread } from "./password-hashing.server.ts";
import { renderEmail } from "./email-layout.server.ts";
import { appleClientSecret } from "./apple-client-secret.server.ts";
import { settings, type Settings } from "./env.server.ts";
import { log } from "./log.server.ts";
import { sendMail } from "./mail.server.ts";
import { sendSms } from "./sms.server.ts";

export const AUTH_BASE_PATH = "/api/auth";
export const SESSION_INACTIVITY_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** Sensitive changes (password, e-mail, two-factor, deleting the account) need a recent sign-in. */
export const FRESH_SESSION_SECONDS = 10 * 60;
/** A confirmation link works for 24 hours. */
export const EMAIL_CONFIRM_SECONDS = 24 * 60 * 60;
/** The half-signed-in state between password and two-factor code lasts 10 minutes. */
export const TWO_FACTOR_PENDING_SECONDS = 10 * 60;
/** Text-message codes (issue 5): 6 digits, 10 minutes, 5 tries. */
export const PHONE_CODE = { length: 6, expiresInSeconds: 10 * 60, attempts: 5 } as const;

// OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** better-auth's "errors" that describe the request it was sent, not a fault of ours. */
const REQUEST_COMPLAINTS =
  /^(Invalid (callbackURL|errorCallbackURL|newUserCallbackURL)|Failed to parse state)/;

// Hashing runs on low-priority threads, fewer than the cores (password-hashing.server.ts).
export function hashPassword(password: string): Promise<string> {
  return hashOffThread(password, ARGON2);
}

export function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  return verifyOffThread(data.hash, data.password).catch(() => false);
}

/** Hooks the accounts module registers (profile creation, waitlist migration). */
export interface AuthHooks {
  userCreated?: (user: { id: string; email: string; name: string }) => Promise<void>;
  sessionCreated?: (session: { userId: string }) => Promise<void>;
  /** False refuses a new session (a banned account). */
  canStartSession?: (userId: string) => Promise<boolean>;
  existingUserSignUp?: (user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
  }) => Promise<void>;
  /**
   * A confirmation link from sign-up is being used, its token already checked. Throwing (a
   * redirect) stops it confirming here: the address stays unconfirmed and nobody is signed in.
   */
  emailConfirming?: (user: { id: string; email: string }, request?: Request) => Promise<void>;
  /** A new password was set from a reset link (the mailbox owner chose it). */
  passwordReset?: (user: { id: string; email: string }) => Promise<void>;
}
let hooks: AuthHooks = {};
export function setAuthHooks(next: AuthHooks): void {
  hooks = next;
}

function send(what: string, to: string, content: Parameters<typeof renderEmail>[0]): void {
  // Not awaited: the answer must take as long whether or not the address has an account.
  void sendMail({ to, ...renderEmail(content) }).catch((err: unknown) =>
    log.error({ err, what }, "auth e-mail failed"),
  );
}

/**
 * A sign-in provider through its OpenID discovery document (none when it isn't configured): the
 * ID token is verified and only an e-mail the provider has verified is taken.
 */
function openIdProvider(
  providerId: string,
  name: string,
  client: { clientId: string; clientSecret: string; issuer: string } | undefined,
  how: { scopes: string[]; responseMode?: "form_post"; authentication?: "post" },
) {
  if (!client) return [];
  return [
    {
      providerId,
      name,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      discoveryUrl: `${client.issuer}/.well-known/openid-configuration`,
      requireIdTokenVerification: true,
      requireEmailVerification: true,
      pkce: true,
      ...how,
    },
  ];
}

/** Apple's client, its secret signed from the .p8 key when that is how it is configured. */
function appleClientNow(apple: Settings["apple"]) {
  if (!apple) return undefined;
  if ("clientSecret" in apple) return apple;
  return {
    clientId: apple.clientId,
    issuer: apple.issuer,
    clientSecret: appleClientSecret(apple.signingKey, apple.clientId, apple.issuer),
  };
}

function createAuth(apple: ReturnType<typeof appleClientNow>) {
  const s = settings();
  return betterAuth({
    appName: s.brandName,
    baseURL: s.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: s.authSecret,
    trustedOrigins: [s.siteUrl],
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    // Its messages join our structured log ("User not found" and the like are routine: debug).
    // What it calls errors about a stranger's request (a bad callbackURL or OAuth state) are
    // warnings: anyone can send them, and an error in our log means something of ours went wrong.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        level !== "error"
          ? log.debug({ level, args }, `better-auth: ${message}`)
          : REQUEST_COMPLAINTS.test(message)
            ? log.warn({ args }, `better-auth: ${message}`)
            : log.error({ args }, `better-auth: ${message}`),
    },
    // Our own DB-backed limits apply in the use-cases (app/modules/accounts), shared by processes.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        send("reset-password", user.email, {
          subject: `Reset your ${s.brandName} password`,
          preheader: "A link to choose a new password, valid for one hour.",
          heading: "Choose a new password",
          paragraphs: [
            "Someone (hopefully you) asked to reset the password for this email address.",
            "The link works once, for one hour. If you didn't ask, you can ignore this email: your password stays as it is.",
          ],
          button: { label: "Choose a new password", url },
          reason: `You're getting this because a password reset was requested on ${s.siteUrl}.`,
        });
      },
      onPasswordReset: async ({ user }) => {
        await hooks.passwordReset?.(user);
      },
      onExistingUserSignUp: async ({ user }) => {
        await hooks.existingUserSignUp?.(user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // Only reached in the browser that chose the password at sign-up (the accounts module's
      // emailConfirming hook sends every other opener to choose one: ADR 020).
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_CONFIRM_SECONDS,
      beforeEmailVerification: async (user, request) => {
        await hooks.emailConfirming?.(user, request);
      },
      sendVerificationEmail: async ({ user, url }) => {
        // An already-confirmed person asking for this is changing their address.
        if (user.emailVerified) {
          send("change-email", user.email, {
            subject: `Confirm your new email for ${s.brandName}`,
            preheader: "One click and this becomes your sign-in address.",
            heading: "Confirm your new email address",
            paragraphs: [
              `You asked to use this address for your ${s.brandName} account.`,
              "The link works for 24 hours. If you didn't ask for this, ignore this email: nothing changes.",
            ],
            button: { label: "Use this email address", url },
            reason: `You're getting this because an email change was requested on ${s.siteUrl}.`,
          });
          return;
        }
        send("verify-email", user.email, {
          subject: `Confirm your email for ${s.brandName}`,
          preheader: "One click to finish creating your account.",
          heading: "Confirm your email address",
          paragraphs: [
            `Welcome to ${s.brandName}! Please confirm this is your email address to finish creating your account.`,
            "The link works for 24 hours. If you didn't create an account, you can ignore this email.",
          ],
          button: { label: "Confirm my email", url },
          reason: `You're getting this because an account was created with this address on ${s.siteUrl}.`,
        });
      },
    },
    session: {
      expiresIn: SESSION_INACTIVITY_SECONDS,
      updateAge: 24 * 60 * 60,
      freshAge: FRESH_SESSION_SECONDS,
    },
    user: {
      deleteUser: { enabled: true },
      // A new address takes effect once its owner opens the link sent to it.
      changeEmail: { enabled: true },
    },
    advanced: {
      cookiePrefix: "patch",
      useSecureCookies: s.isProduction,
      // Secure wherever the browser keeps it (https, and http://localhost): env.server.ts.
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: s.secureCookies },
      ipAddress: { ipAddressHeaders: ["x-patch-client-ip"] },
    },
    account: {
      // A Google or Apple sign-in with the same, provider-verified e-mail joins the existing account.
      accountLinking: { enabled: true, trustedProviders: ["google", "apple"] },
    },
    plugins: [
      // Google and Apple through their OpenID discovery documents: the same code path runs against
      // a local OpenID provider in the tests (GOOGLE_ISSUER, APPLE_ISSUER). Apple posts its answer
      // back (form_post); server/auth-routes.ts lets that one cross-site POST through.
      ...(s.google || s.apple
        ? [
            genericOAuth({
              config: [
                ...openIdProvider("google", "Google", s.google, {
                  scopes: ["openid", "email", "profile"],
                }),
                // Apple's scopes; it sends them back by form POST and takes the secret in the
                // token request's body.
                ...openIdProvider("apple", "Apple", apple, {
                  scopes: ["openid", "email", "name"],
                  responseMode: "form_post",
                  authentication: "post",
                }),
              ],
            }),
          ]
        : []),
      // Authenticator apps (TOTP) with 10 single-use recovery codes; the secret is stored encrypted.
      twoFactor({
        issuer: s.brandName,
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: 10, length: 10 },
        twoFactorCookieMaxAge: TWO_FACTOR_PENDING_SECONDS,
        // Wrong codes count in our limits (app/modules/accounts/rate-limits.server.ts: per IP and
        // per account, the real wait in the answer, lifted by a password reset); its own lock
        // would answer a right code with a wrong-code error and say nothing of the wait.
        accountLockout: { enabled: false },
      }),
      phoneNumber({
        otpLength: PHONE_CODE.length,
        expiresIn: PHONE_CODE.expiresInSeconds,
        allowedAttempts: PHONE_CODE.attempts,
        // Only a number proved while signed in can be used to sign in (no accounts by text alone).
        requireVerification: true,
        phoneNumberValidator: (value) => /^\+[1-9]\d{7,14}$/.test(value),
        sendOTP: ({ phoneNumber: to, code }) => {
          void sendSms({
            to,
            body: `${code} is your ${s.brandName} code. It works for 10 minutes. Don't share it with anyone.`,
          }).catch((err: unknown) => log.error({ err }, "sign-in text failed"));
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await hooks.userCreated?.(user);
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            if (hooks.canStartSession && !(await hooks.canStartSession(session.userId))) {
              throw new APIError("FORBIDDEN", {
                message: "This account has been suspended.",
                code: "BANNED_USER",
              });
            }
          },
          after: async (session) => {
            await hooks.sessionCreated?.(session);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance:
  { auth: Auth; database: unknown; settings: unknown; appleSecret: string | undefined } | undefined;

/**
 * The better-auth instance of this process: rebuilt when tests swap database or settings, and
 * when Apple's signed client secret has been renewed (app/lib/apple-client-secret.server.ts).
 */
export function auth(): Auth {
  const database = db();
  const current = settings();
  const apple = appleClientNow(current.apple);
  if (
    !instance ||
    instance.database !== database ||
    instance.settings !== current ||
    instance.appleSecret !== apple?.clientSecret
  ) {
    instance = {
      auth: createAuth(apple),
      database,
      settings: current,
      appleSecret: apple?.clientSecret,
    };
  }
  return instance.auth;
}
