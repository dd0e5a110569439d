// Signed links: a token verifies only as it was made, for its own purpose and within its time.
import { beforeAll, expect, test } from "vitest";
import { testSettings } from "#tests/setup/test-database.ts";
import { setSettings } from "./env.server.ts";
import { signToken, verifyToken } from "./signed-token.server.ts";

beforeAll(() => setSettings(testSettings()));

test("a token verifies for its purpose and subject, and not after its expiry", () => {
  const token = signToken("confirm", "contact-1", new Date(Date.now() + 60_000));
  expect(verifyToken("confirm", token)).toBe("contact-1");
  expect(verifyToken("unsubscribe", token)).toBeNull();
  expect(verifyToken("confirm", token, Date.now() + 120_000)).toBeNull();
  expect(verifyToken("confirm", `${token.slice(0, -2)}xx`)).toBeNull();
});

test("a token with anything appended after its signature is refused", () => {
  const token = signToken("survey", "contact-2");
  for (const longer of [`${token}.`, `${token}.extra`, `${token}.a.b`, `${token}..`]) {
    expect(verifyToken("survey", longer), longer).toBeNull();
  }
});
