// The CRM webhook for changed contacts: the survey, confirming and unsubscribing each queue a signed
// "updated" POST in the transaction that makes the change; without the setting nothing is queued.
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { queue, startQueue, startWorking, stopQueue } from "#app/lib/queue.server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { startWebhookReceiver, type WebhookHit } from "#tests/setup/webhook-receiver.ts";
import { confirmUrl, surveyToken, unsubscribeUrl } from "./contact-links.server.ts";
import { confirmContact } from "./confirm-contact.server.ts";
import { saveSurvey } from "./save-survey.server.ts";
import { signCrmBody, syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import { unsubscribeContact } from "./unsubscribe-contact.server.ts";

const secret = "crm-secret-0123456789";
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let received: WebhookHit[];
let t: TestDatabase;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  received = receiver.received;
  t = await openTestDatabase({
    SITE_URL: "https://patch.test",
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: secret,
  });
  await startQueue(t.handle, { connectionString: t.url });
  await startWorking([syncContactToCrmJob]);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
  await receiver.close();
});

async function contact(email: string) {
  const id = crypto.randomUUID();
  await db()
    .insert(contacts)
    .values({ id, email, region: "Waikato", address: { state: "Waikato" } });
  return id;
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token");
const survey = (id: string) =>
  saveSurvey({
    token: surveyToken(id),
    kind: "Courtyard",
    sizeM2: "1.5",
    sunHours: "3 to 6 hours",
    experience: "Grown a few things",
    timePerWeek: "An hour",
    interests: ["Herbs"],
  });

/** The webhook's posts about one contact, each checked against its signature. */
async function postsAbout(id: string, count: number) {
  const about = () => received.filter((h) => JSON.parse(h.body).contact.id === id);
  const until = Date.now() + 20_000;
  while (about().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return about().map((hit) => {
    expect(hit.signature).toBe(signCrmBody(secret, hit.timestamp, hit.body));
    return JSON.parse(hit.body);
  });
}

const crmJobsFor = (contactId: string) =>
  queue().findJobs(syncContactToCrmJob.name, { data: { contactId } });

test("the survey, confirming and unsubscribing each send the changed contact, signed", async () => {
  const id = await contact("changes@example.nz");

  expect(await survey(id)).toMatchObject({ ok: true, saved: true });
  const [surveyed] = await postsAbout(id, 1);
  expect(surveyed).toMatchObject({
    event: "updated",
    contact: {
      email: "changes@example.nz",
      growingSpace: { kind: "Courtyard", sizeM2: 1.5 },
      surveyData: { experience: "Grown a few things" },
      confirmed: false,
    },
  });

  expect(await confirmContact(tokenOf(confirmUrl(id)))).toMatchObject({ state: "confirmed" });
  const confirmed = await postsAbout(id, 2);
  expect(confirmed[1]).toMatchObject({ event: "updated", contact: { confirmed: true } });

  expect(await unsubscribeContact(tokenOf(unsubscribeUrl(id)))).toMatchObject({ ok: true });
  const unsubscribed = await postsAbout(id, 3);
  expect(unsubscribed[2]).toMatchObject({
    event: "updated",
    contact: { confirmed: true, unsubscribed: true },
  });

  // Nothing changes on a second press, so nothing more is queued.
  await confirmContact(tokenOf(confirmUrl(id, Date.now() - 86_400_000)));
  await unsubscribeContact(tokenOf(unsubscribeUrl(id)));
  expect(await crmJobsFor(id)).toHaveLength(3);
});

test("without the setting nothing is queued or sent", async () => {
  const id = await contact("quiet@example.nz");
  setSettings(testSettings({ DATABASE_URL: t.url, SITE_URL: "https://patch.test" }));
  try {
    expect(await survey(id)).toMatchObject({ ok: true, saved: true });
    expect(await confirmContact(tokenOf(confirmUrl(id)))).toMatchObject({ state: "confirmed" });
    expect(await unsubscribeContact(tokenOf(unsubscribeUrl(id)))).toMatchObject({ ok: true });
    expect(await crmJobsFor(id)).toHaveLength(0);
  } finally {
    setSettings(t.settings);
  }
  // With the setting back, anything queued would be sent: once the queue is idle, nothing was.
  await drainQueue([syncContactToCrmJob]);
  expect(received.filter((h) => h.body.includes(id))).toHaveLength(0);
});
