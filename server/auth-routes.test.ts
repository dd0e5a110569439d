// /api/auth: only the links a browser follows are open, and a foreign Origin is refused before it.
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
const SITE = "https://patch.test";

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE });
  app = createApp({ settings: t.settings });
});
afterAll(async () => {
  await t.close();
});

test("better-auth's JSON endpoints are closed; its e-mail links are open", async () => {
  const json = await app.request(`${SITE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({ email: "a@b.nz", password: "long enough password" }),
  });
  expect(json.status).toBe(404);
  const session = await app.request(`${SITE}/api/auth/get-session`);
  expect(session.status).toBe(404);
  const link = await app.request(
    `${SITE}/api/auth/verify-email?token=nope&callbackURL=/auth/callback`,
  );
  expect(link.status).toBe(302);
  expect(link.headers.get("location")).toMatch(/^\/auth\/callback\?error=/);
});

test("a state-changing request from another site gets 403, ours and better-auth's alike", async () => {
  for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-out", "/auth"]) {
    const res = await app.request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  }
});
