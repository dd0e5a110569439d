// A member's reply to a reminder text reaches the coaches (issue 41), through the app's real
// webhook route with Twilio's signature: added to their open question, or a new question when none
// is open; Twilio delivering the same message twice adds one message; a number no account has
// proved gets no reply and nothing is stored; STOP still stops.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { coachMessages, coachThreads } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { createApp } from "./app.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { askCoach } from "#app/modules/coaching/ask-coach.server.ts";
import { formatDueBy } from "#app/modules/coaching/due-by.ts";
import { answerDueBy } from "#app/modules/coaching/working-day.server.ts";

const SITE = "https://patch.test";
const TOKEN = "webhook-token-for-coach-tests-42";
const PATH = "/api/webhooks/twilio/sms";

const env = testServices({ settings: { SMS_WEBHOOK_AUTH_TOKEN: TOKEN } });

/** Twilio's documented scheme, written out here independently of the code under test. */
function signature(params: Record<string, string>) {
  const data =
    `${SITE}${PATH}` +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", TOKEN).update(Buffer.from(data, "utf-8")).digest("base64");
}

function inbound(from: string, body: string, sid = `SM${crypto.randomUUID().replace(/-/g, "")}`) {
  return {
    ToCountry: "NZ",
    SmsMessageSid: sid,
    SmsSid: sid,
    MessageSid: sid,
    NumMedia: "0",
    From: from,
    To: "+6498870000",
    Body: body,
    AccountSid: "AC0123456789abcdef0123456789abcdef",
  };
}

async function send(params: Record<string, string>) {
  const response = await createApp({ settings: env.database.settings }).request(PATH, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature(params),
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: await response.text(),
  };
}

let phones = 0;
const phone = () => `+6421777${String(++phones).padStart(4, "0")}`;

test("a text with no open question becomes one, and Twilio sending it twice makes one message", async () => {
  const number = phone();
  const id = await insertMember({ phoneNumber: number, phoneNumberVerified: true });
  const params = inbound(number, "My broad beans have black spots on the leaves, what now?");
  const first = await send(params);
  expect(first.status).toBe(200);
  expect(first.type).toBe("text/xml; charset=utf-8");
  const [thread] = await db().select().from(coachThreads).where(eq(coachThreads.userId, id));
  expect(thread).toMatchObject({ state: "waiting", source: "text", topic: "other" });
  expect(first.body).toBe(
    `<?xml version="1.0" encoding="UTF-8"?><Response><Message>Patch: thanks, your message is with our gardening coaches. A coach will answer by ${formatDueBy(answerDueBy(thread!.createdAt))}. See it at ${SITE}/coach/${thread!.id}</Message></Response>`,
  );
  const again = await send(params);
  expect(again.status).toBe(200);
  expect(await db().select().from(coachThreads).where(eq(coachThreads.userId, id))).toHaveLength(1);
  const messages = await db()
    .select()
    .from(coachMessages)
    .where(eq(coachMessages.threadId, thread!.id));
  expect(messages).toEqual([
    expect.objectContaining({
      kind: "member",
      via: "text",
      body: "My broad beans have black spots on the leaves, what now?",
      requestKey: `twilio-${params.MessageSid}`,
    }),
  ]);
});

test("a text joins the member's latest open question, which waits again", async () => {
  const number = phone();
  const id = await insertMember({ phoneNumber: number, phoneNumberVerified: true });
  const asked = await askCoach({
    userId: id,
    input: { requestKey: crypto.randomUUID(), topic: "watering", body: "Lettuces wilting" },
    photos: [],
    source: "garden",
  });
  if (!asked.ok) throw new Error(asked.message);
  await db()
    .update(coachThreads)
    .set({ state: "answered", waitingSince: null, dueAt: null, firstAnsweredAt: new Date() })
    .where(eq(coachThreads.id, asked.threadId));
  const params = inbound(number, "Thanks! Mulched them, still wilting at 2 pm.");
  expect((await send(params)).status).toBe(200);
  expect((await send(params)).status).toBe(200);
  const threads = await db().select().from(coachThreads).where(eq(coachThreads.userId, id));
  expect(threads).toHaveLength(1);
  expect(threads[0]).toMatchObject({ id: asked.threadId, state: "waiting" });
  expect(threads[0]!.dueAt).not.toBeNull();
  const messages = await db()
    .select()
    .from(coachMessages)
    .where(eq(coachMessages.threadId, asked.threadId));
  expect(messages.map((m) => [m.via, m.body]).sort()).toEqual([
    ["text", "Thanks! Mulched them, still wilting at 2 pm."],
    ["web", "Lettuces wilting"],
  ]);
});

test("a number no account has proved gets an empty reply and nothing is stored; a bad signature is refused", async () => {
  const number = phone();
  const id = await insertMember({ phoneNumber: number, phoneNumberVerified: false });
  const answer = await send(inbound(number, "Hello, who is this?"));
  expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  expect(await db().select().from(coachThreads).where(eq(coachThreads.userId, id))).toEqual([]);

  const verified = phone();
  const member = await insertMember({ phoneNumber: verified, phoneNumberVerified: true });
  const params = inbound(verified, "Sneaky");
  const forged = await createApp({ settings: env.database.settings }).request(PATH, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature({ ...params, Body: "Something else" }),
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(forged.status).toBe(403);
  expect(await db().select().from(coachThreads).where(eq(coachThreads.userId, member))).toEqual([]);
});

test("STOP from a member is still an opt-out, never a question", async () => {
  const number = phone();
  const id = await insertMember({ phoneNumber: number, phoneNumberVerified: true });
  const answer = await send(inbound(number, "STOP"));
  expect(answer.body).toContain("unsubscribed");
  expect(await db().select().from(coachThreads).where(eq(coachThreads.userId, id))).toEqual([]);
});
