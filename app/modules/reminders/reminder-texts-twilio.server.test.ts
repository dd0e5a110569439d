// Reminder texts through Twilio (issue 17): with Twilio configured, the confirmation of a member's
// opt-in goes through the queue to a local server speaking Twilio's Messages API, addressed to the
// member's proved number from ours, and the send record keeps Twilio's message sid.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { notifications, profiles, users } from "#db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { startTwilioApi, type FakeTwilio } from "#tests/setup/twilio-api.ts";
import { db } from "#app/lib/db.server.ts";
import { startQueue, startWorking, stopQueue } from "#app/lib/queue.server.ts";
import { saveSmsReminders, sendReminderConfirmationJob } from "./manage-sms-reminders.server.ts";

let t: TestDatabase;
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startTwilioApi();
  t = await openTestDatabase({ SITE_URL: "https://patch.test", ...twilio.settings });
  await startQueue(t.handle, { connectionString: t.url });
  await startWorking([sendReminderConfirmationJob] as never);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
  await twilio.close();
});

test("the opt-in confirmation is texted through Twilio to the member's number, from ours", async () => {
  const id = crypto.randomUUID();
  const phone = "+64211119001";
  await db().insert(users).values({
    id,
    name: "",
    email: "korimako@example.nz",
    emailVerified: true,
    phoneNumber: phone,
    phoneNumberVerified: true,
  });
  await db().insert(profiles).values({ id });
  const meta = {
    request: new Request("https://patch.test/profile", { headers: { "user-agent": "test" } }),
    clientIp: "203.0.113.9",
  };
  expect(
    await saveSmsReminders({ userId: id, input: { frequency: "weekly", consent: "yes" }, meta }),
  ).toMatchObject({
    ok: true,
  });

  const until = Date.now() + 15_000;
  while (twilio.requests.length === 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(twilio.requests).toHaveLength(1);
  const [request] = twilio.requests;
  expect(request).toMatchObject({
    method: "POST",
    path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
    auth: { username: twilio.accountSid, password: twilio.authToken },
    form: { To: phone, From: twilio.from },
  });
  expect(request!.form.Body).toBe(
    "Patch: you're signed up for weekly garden reminders, each Friday evening about Saturday's garden session. Change them any time in your profile. Reply STOP to end.",
  );

  // The send record keeps the sid Twilio answered with.
  let sent: { providerId: string | null } | undefined;
  while (!sent?.providerId && Date.now() < until) {
    [sent] = await db()
      .select({ providerId: notifications.providerId })
      .from(notifications)
      .where(eq(notifications.recipient, phone));
    if (!sent?.providerId) await new Promise((r) => setTimeout(r, 50));
  }
  expect(sent?.providerId).toMatch(/^SM[0-9a-f]{32}$/);
});
