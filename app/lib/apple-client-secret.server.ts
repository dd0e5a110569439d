// Sign in with Apple takes no fixed client secret: it takes a JWT (ES256) signed with the team's
// Sign in with Apple key (.p8), naming the team (iss), the Services ID (sub) and Apple (aud), and
// valid for at most six months. The app signs one from the key settings (APPLE_TEAM_ID,
// APPLE_KEY_ID, APPLE_PRIVATE_KEY) and signs a new one long before the old one lapses, so nobody
// has to remember to paste a fresh secret twice a year.
import { createPrivateKey, sign, type KeyObject } from "node:crypto";

export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  /** The .p8 file's PEM text (a PKCS #8 P-256 key). */
  privateKey: string;
}

const DAY_S = 24 * 60 * 60;
/** Each secret is valid for 90 days (Apple allows up to 180)... */
export const APPLE_SECRET_LIFETIME_S = 90 * DAY_S;
/** ...and replaced once it is 30 days old, so a running process never holds one near its end. */
export const APPLE_SECRET_RENEW_AFTER_S = 30 * DAY_S;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** One client secret, signed now. */
export function signAppleClientSecret(
  key: AppleSigningKey,
  clientId: string,
  audience: string,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: "ES256", kid: key.keyId, typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: key.teamId,
      iat,
      exp: iat + APPLE_SECRET_LIFETIME_S,
      aud: audience,
      sub: clientId,
    }),
  );
  const input = `${header}.${claims}`;
  // JWS wants the signature as r‖s (64 bytes), not DER.
  const signature = sign("sha256", Buffer.from(input), {
    key: privateKeyOf(key.privateKey),
    dsaEncoding: "ieee-p1363",
  });
  return `${input}.${base64url(signature)}`;
}

const keys = new Map<string, KeyObject>();
function privateKeyOf(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (key.asymmetricKeyDetails?.namedCurve !== "prime256v1")
      throw new Error("APPLE_PRIVATE_KEY must be a P-256 key (Apple's .p8 key is one)");
    keys.set(pem, key);
  }
  return key;
}

let current: { for: string; secret: string; signedAt: number } | undefined;

/** The client secret to use now: the one signed earlier while it is young, else a new one. */
export function appleClientSecret(
  key: AppleSigningKey,
  clientId: string,
  audience: string,
  nowMs = Date.now(),
): string {
  const id = `${key.teamId}:${key.keyId}:${clientId}:${audience}`;
  if (
    !current ||
    current.for !== id ||
    nowMs - current.signedAt >= APPLE_SECRET_RENEW_AFTER_S * 1000 ||
    nowMs < current.signedAt
  ) {
    current = {
      for: id,
      secret: signAppleClientSecret(key, clientId, audience, nowMs),
      signedAt: nowMs,
    };
  }
  return current.secret;
}
