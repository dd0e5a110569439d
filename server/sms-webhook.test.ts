// The text-message webhook's HTTP mount: no Origin header needed (signed instead), TwiML back as
// text/xml, 403 for a bad signature, and a rate limit per caller.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import { WEBHOOK_LIMIT } from "#app/modules/reminders/handle-twilio-sms-webhook.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

const SITE = "https://patch.test";
const TOKEN = "http-webhook-token-0123456789";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE, SMS_WEBHOOK_AUTH_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

function signed(params: Record<string, string>) {
  const data =
    `${SITE}/api/webhooks/twilio/sms` +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", TOKEN).update(data).digest("base64");
}

test("POST /api/webhooks/twilio/sms answers TwiML to a signed request from anywhere", async () => {
  // From an address of its own (behind our proxy), so the flood test's caller, whose window may
  // be full, is not this one.
  const app = createApp({ settings: { ...t.settings, trustProxyHops: 1 } });
  const params = { From: "+64215550300", To: "+6498870000", Body: "HELP", MessageSid: "SM9" };
  const request = (signature: string) =>
    app.request("/api/webhooks/twilio/sms", {
      method: "POST",
      body: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signature,
        // Twilio's servers are not our site.
        "sec-fetch-site": "cross-site",
        "x-forwarded-for": "198.51.100.30",
      },
    });
  const ok = await request(signed(params));
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toBe("text/xml; charset=utf-8");
  expect(await ok.text()).toContain("<Response><Message>Patch garden reminders:");
  const bad = await request("bm90IGEgc2lnbmF0dXJl");
  expect(bad.status).toBe(403);
  expect(await bad.text()).toBe("Invalid signature.");
});

test("a flood from one address is turned away with Retry-After, except a STOP", async () => {
  const app = createApp({ settings: t.settings });
  // In-process requests have no socket (0.0.0.0): fill that caller's window first (again, if the
  // minute turned over between filling it and asking).
  const flood = async () => {
    for (let i = 0; i < WEBHOOK_LIMIT.limit; i++) {
      await hitRateLimit(
        "sms-webhook",
        clientKey("0.0.0.0"),
        WEBHOOK_LIMIT.limit,
        WEBHOOK_LIMIT.windowSeconds,
      );
    }
    return app.request("/api/webhooks/twilio/sms", { method: "POST", body: "" });
  };
  let res = await flood();
  if (res.status !== 429) res = await flood();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  // Over the limit, a signed chat reply waits, but a signed STOP is never lost.
  const post = (params: Record<string, string>) =>
    app.request("/api/webhooks/twilio/sms", {
      method: "POST",
      body: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signed(params),
      },
    });
  expect((await post({ From: "+64215550301", Body: "HELP" })).status).toBe(429);
  const stop = await post({ From: "+64215550301", Body: "STOP" });
  expect(stop.status).toBe(200);
  expect(await stop.text()).toContain("unsubscribed");
});
