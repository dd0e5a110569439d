// Settings: the auth secret and social sign-in (Google, Apple), with how each provider's client
// is made from them.
import { z } from "zod";
import { optionalString } from "./fields.ts";

export const signInShape = {
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  // Social sign-in (accounts): each is shown on /auth only when configured.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
  // Apple's client secret is a JWT that expires within 6 months: with the Sign in with Apple key
  // (the .p8 file's PEM text, "\n" allowed for line breaks), its id and the team id, the app signs
  // it itself and renews it (app/lib/apple-client-secret.server.ts); APPLE_CLIENT_SECRET is then unset.
  APPLE_TEAM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, { message: "must be Apple's 10-character team id" })
      .optional(),
  ),
  APPLE_KEY_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, { message: "must be the 10-character id of the .p8 key" })
      .optional(),
  ),
  APPLE_PRIVATE_KEY: optionalString.transform((v) => v?.replace(/\\n/g, "\n")),
};

/** A sign-in provider (OpenID Connect) is on when both its client id and secret are set. */
export function oidcClient(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuer: string,
) {
  return clientId && clientSecret
    ? { clientId, clientSecret, issuer: issuer.replace(/\/+$/, "") }
    : undefined;
}

/**
 * Apple: a fixed client secret (APPLE_CLIENT_SECRET), or the .p8 key the app signs a fresh one
 * with (APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY).
 */
export function appleClient(env: z.infer<z.ZodObject<typeof signInShape>>) {
  if (!env.APPLE_CLIENT_ID) return undefined;
  const issuer = env.APPLE_ISSUER.replace(/\/+$/, "");
  if (env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY)
    return {
      clientId: env.APPLE_CLIENT_ID,
      issuer,
      signingKey: {
        teamId: env.APPLE_TEAM_ID,
        keyId: env.APPLE_KEY_ID,
        privateKey: env.APPLE_PRIVATE_KEY,
      },
    };
  return oidcClient(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET, env.APPLE_ISSUER);
}
