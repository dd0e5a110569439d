import { generateKeyPairSync } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { expect, test } from "vitest";
import {
  APPLE_SECRET_LIFETIME_S,
  APPLE_SECRET_RENEW_AFTER_S,
  appleClientSecret,
  signAppleClientSecret,
} from "./apple-client-secret.server.ts";
import { parseSettings } from "./env.server.ts";

const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
const p8 = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
const key = { teamId: "TEAM123456", keyId: "KEY1234567", privateKey: p8 };
const AUD = "https://appleid.apple.com";

test("the client secret is an ES256 JWT that Apple's checks accept: team, Services ID, Apple, a key id", async () => {
  const now = Date.UTC(2026, 11, 2);
  const secret = signAppleClientSecret(key, "nz.patch.web", AUD, now);
  const { payload, protectedHeader } = await jwtVerify(
    secret,
    await importSPKI(publicPem, "ES256"),
    {
      algorithms: ["ES256"],
      issuer: "TEAM123456",
      audience: AUD,
      subject: "nz.patch.web",
      currentDate: new Date(now + 1000),
    },
  );
  expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "KEY1234567" });
  expect(payload.exp! - payload.iat!).toBe(APPLE_SECRET_LIFETIME_S);
  // Apple refuses a secret valid for more than six months.
  expect(APPLE_SECRET_LIFETIME_S).toBeLessThanOrEqual(15_777_000);
});

test("a key of another curve is refused", () => {
  const rsa = generateKeyPairSync("ec", { namedCurve: "secp384r1" })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  expect(() => signAppleClientSecret({ ...key, privateKey: rsa }, "x", AUD)).toThrow(/P-256/);
});

test("the same secret is used while young and a new one is signed before the old one lapses", async () => {
  const start = Date.UTC(2027, 0, 1);
  const first = appleClientSecret(key, "nz.patch.web", AUD, start);
  expect(appleClientSecret(key, "nz.patch.web", AUD, start + 86_400_000)).toBe(first);
  const renewedAt = start + APPLE_SECRET_RENEW_AFTER_S * 1000;
  const second = appleClientSecret(key, "nz.patch.web", AUD, renewedAt);
  expect(second).not.toBe(first);
  // The renewed one is valid from then for the whole lifetime; the old one still had 60 days left.
  const verified = await jwtVerify(second, await importSPKI(publicPem, "ES256"), {
    currentDate: new Date(renewedAt + (APPLE_SECRET_LIFETIME_S - 60) * 1000),
  });
  expect(verified.payload.iat).toBe(Math.floor(renewedAt / 1000));
});

test("settings: the .p8 key's three settings configure Apple, with \\n for line breaks; some of them alone stop the start", () => {
  const s = parseSettings({
    APP_ENV: "test",
    APPLE_CLIENT_ID: "nz.patch.web",
    APPLE_TEAM_ID: key.teamId,
    APPLE_KEY_ID: key.keyId,
    APPLE_PRIVATE_KEY: p8.replace(/\n/g, "\\n"),
  });
  expect(s.apple).toMatchObject({ clientId: "nz.patch.web", signingKey: { privateKey: p8 } });
  expect(() =>
    parseSettings({ APP_ENV: "test", APPLE_CLIENT_ID: "x", APPLE_TEAM_ID: key.teamId }),
  ).toThrow(/Setting APPLE_KEY_ID is missing/);
  expect(() =>
    parseSettings({
      APP_ENV: "test",
      APPLE_TEAM_ID: key.teamId,
      APPLE_KEY_ID: key.keyId,
      APPLE_PRIVATE_KEY: "not a key",
    }),
  ).toThrow(/APPLE_PRIVATE_KEY is invalid/);
});
