// Replies to our texts: Twilio's signature checked over our public URL (an expected signature is
// worked out here on its own), STOP ending every reminder to the number, START/HELP answers, and
// retries that change nothing.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { smsReminders } from "#db/schema/index.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { handleTwilioSmsWebhook, OPT_OUT_WORDS } from "./handle-twilio-sms-webhook.server.ts";
import { getSmsReminders } from "./manage-sms-reminders.server.ts";
import { twilioSignature, verifyTwilioSignature } from "./twilio-signature.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { insertSmsReminders } from "#tests/factories/sms-reminders.ts";
import { testServices } from "#tests/setup/test-services.ts";

const SITE = "https://patch.test";
const TOKEN = "webhook-token-for-tests-0123";
const PATH = "/api/webhooks/twilio/sms";
let caller = 0;

const env = testServices({ settings: { SMS_WEBHOOK_AUTH_TOKEN: TOKEN } });

/** Twilio's documented scheme, written out here independently of the code under test. */
function expectedSignature(url: string, params: Record<string, string>, token = TOKEN) {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", token).update(Buffer.from(data, "utf-8")).digest("base64");
}

function inbound(from: string, body: string): Record<string, string> {
  return {
    ToCountry: "NZ",
    SmsMessageSid: `SM${crypto.randomUUID().replace(/-/g, "")}`,
    NumMedia: "0",
    From: from,
    To: "+6498870000",
    Body: body,
    AccountSid: "AC0123456789abcdef0123456789abcdef",
    MessageSid: "SM1",
  };
}

// The proxy forwarded to an internal address: only the path and query of this URL are used.
const internalUrl = (query = "") => `http://10.0.0.7:3000${PATH}${query}`;

function post(params: Record<string, string>, signature: string | undefined, query = "") {
  return handleTwilioSmsWebhook({
    url: internalUrl(query),
    body: new URLSearchParams(params).toString(),
    signature,
    clientIp: `198.51.100.${++caller % 250}`,
  });
}

async function member(phone: string, stopped = false) {
  const id = await insertMember({
    phoneNumber: stopped ? null : phone,
    phoneNumberVerified: stopped ? null : true,
  });
  await insertSmsReminders(id, phone, {
    consentStatement: "I agree",
    consentSource: "profile",
    stoppedAt: stopped ? new Date("2026-01-01T00:00:00Z") : null,
  });
  return id;
}

test("the signature is Twilio's: HMAC-SHA1 of the public URL and the sorted parameters", () => {
  const params = inbound("+64215550101", "Stop");
  const url = `${SITE}${PATH}?source=reminders`;
  const expected = expectedSignature(url, params);
  expect(twilioSignature(TOKEN, url, new URLSearchParams(params))).toBe(expected);
  expect(verifyTwilioSignature(TOKEN, url, new URLSearchParams(params), expected)).toBe(true);
  // Twilio's own published example (their docs' token, URL and parameters).
  const docs = {
    CallSid: "CA1234567890ABCDE",
    Caller: "+12349013030",
    Digits: "1234",
    From: "+12349013030",
    To: "+18005551212",
  };
  expect(
    twilioSignature(
      "12345",
      "https://mycompany.com/myapp.php?foo=1&bar=2",
      new URLSearchParams(docs),
    ),
  ).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
});

test("a wrong, missing or tampered signature is refused with 403 and changes nothing", async () => {
  const id = await member("+64215550102");
  const params = inbound("+64215550102", "STOP");
  const good = expectedSignature(`${SITE}${PATH}`, params);

  expect(
    await post(params, expectedSignature(`${SITE}${PATH}`, params, "not-the-token-at-all")),
  ).toMatchObject({
    status: 403,
  });
  expect(await post(params, undefined)).toMatchObject({ status: 403, body: "Invalid signature." });
  expect(await post({ ...params, From: "+64215550199" }, good)).toMatchObject({ status: 403 });
  // Signed for the internal address rather than our public one.
  expect(await post(params, expectedSignature(internalUrl(), params))).toMatchObject({
    status: 403,
  });
  expect((await getSmsReminders(id)).active).not.toBeNull();
});

test("STOP ends every running reminder to that number at once, and a retry is harmless", async () => {
  const first = await member("+64215550103");
  const second = await member("+64215550103", true); // an old, already-stopped record
  const other = await member("+64215550104");
  const params = inbound("+64215550103", "  stop ");
  const signature = expectedSignature(`${SITE}${PATH}?v=1`, params);

  const answer = await post(params, signature, "?v=1");
  expect(answer.status).toBe(200);
  expect(answer.contentType).toBe("text/xml; charset=utf-8");
  expect(answer.body).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Patch: you\'re unsubscribed and won\'t get any more garden reminder texts from us. You can switch them back on in your profile.</Message></Response>',
  );
  const [row] = await db().select().from(smsReminders).where(eq(smsReminders.userId, first));
  expect(row).toMatchObject({ stopSource: "sms_stop" });
  const stoppedAt = row!.stoppedAt;
  expect(stoppedAt).toBeInstanceOf(Date);
  const [old] = await db().select().from(smsReminders).where(eq(smsReminders.userId, second));
  expect(old).toMatchObject({ stopSource: "profile" });
  expect((await getSmsReminders(other)).active).not.toBeNull();

  // Twilio retrying the same request: same answer, nothing changes.
  expect(await post(params, signature, "?v=1")).toEqual(answer);
  const [again] = await db().select().from(smsReminders).where(eq(smsReminders.userId, first));
  expect(again!.stoppedAt).toEqual(stoppedAt);
});

test("every opt-out word works; START and HELP answer briefly; anything else gets no reply", async () => {
  for (const word of OPT_OUT_WORDS) {
    const phone = `+642155502${String(OPT_OUT_WORDS.indexOf(word)).padStart(2, "0")}`;
    const id = await member(phone);
    const params = inbound(phone, word.toLowerCase());
    const answer = await post(params, expectedSignature(`${SITE}${PATH}`, params));
    expect(answer.body, word).toContain("unsubscribed");
    expect((await getSmsReminders(id)).stoppedBy, word).toBe("sms_stop");
  }
  const reply = async (body: string) => {
    const params = inbound("+64215550105", body);
    return (await post(params, expectedSignature(`${SITE}${PATH}`, params))).body;
  };
  expect(await reply("START")).toContain(
    "<Message>Patch: to get garden reminders again, switch them on in your profile at https://patch.test/profile/reminders. Reply STOP to end.</Message>",
  );
  expect(await reply("help")).toContain("<Message>Patch garden reminders:");
  expect(await reply("Thanks, the beans are up!")).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response/>',
  );
  expect(await reply("please stop sending")).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response/>',
  );
});

test("without a token the webhook says it isn't set up", async () => {
  setSettings(testSettings({ DATABASE_URL: env.database.url, SITE_URL: SITE }));
  try {
    const params = inbound("+64215550106", "STOP");
    expect(await post(params, expectedSignature(`${SITE}${PATH}`, params))).toMatchObject({
      status: 503,
      contentType: "text/plain; charset=utf-8",
    });
  } finally {
    setSettings(env.database.settings);
  }
});
