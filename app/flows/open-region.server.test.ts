import { expect, test } from "vitest";
import {
  launchFanOutJob,
  sendLaunchEmailJob,
} from "#app/modules/waitlist/notify-region-launch.server.ts";
import {
  isRegionOpen,
  listOpenRegions,
  openRegion,
} from "#app/modules/subscriptions/regions.server.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { openRegionForSubscriptions } from "./open-region.server.ts";

const jobs = [launchFanOutJob, sendLaunchEmailJob];
const env = testServices({ smtp: true, workers: jobs as never, emptyBeforeEach: true });

test("opening a region opens it for subscriptions and e-mails its waitlist once, with a link to subscribe", async () => {
  await insertContact("kereru@example.nz", "Taranaki", { confirmed: true });
  await insertContact("piwakawaka@example.nz", "Taranaki", { confirmed: true });
  await insertContact("elsewhere@example.nz", "Otago", { confirmed: true });
  expect(await isRegionOpen("Taranaki")).toBe(false);

  expect(await openRegionForSubscriptions("Taranaki", "admin@example.com")).toEqual({
    ok: true,
    region: "Taranaki",
    opened: true,
    emailsStarted: true,
    message: "Taranaki is open for subscriptions. Launch e-mails are on their way.",
  });
  expect(await openRegionForSubscriptions("Taranaki", "ops@example.com")).toMatchObject({
    ok: true,
    opened: false,
    emailsStarted: false,
    message: "Taranaki was already open: nothing more was sent.",
  });
  expect(await listOpenRegions()).toEqual(["Taranaki"]);

  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "kereru@example.nz",
    "piwakawaka@example.nz",
  ]);
  const mail = env.smtp.messages[0]!;
  expect(mail.subject).toBe("Patch has launched in Taranaki!");
  expect(mail.html).toContain("Start my subscription");
  expect(mail.text).toMatch(/Start my subscription: https:\/\/patch\.test\/subscribe\s/);
});

test("a region that isn't one of New Zealand's 16 is refused and nothing opens", async () => {
  expect(await openRegionForSubscriptions("Mordor", "admin@example.com")).toMatchObject({
    ok: false,
    code: "invalid",
    message: "Please choose one of New Zealand's 16 regions.",
  });
  expect(await listOpenRegions()).toEqual([]);
  await drainQueue(jobs);
  expect(env.smtp.messages).toEqual([]);
});

test("a region already open (as Auckland in the demo data) still sends its launch e-mails the first time", async () => {
  await insertContact("tui@example.nz", "Auckland", { confirmed: true });
  expect(await openRegion("Auckland", "demo data")).toEqual({ opened: true });
  expect(await openRegionForSubscriptions("Auckland", "admin@example.com")).toMatchObject({
    ok: true,
    opened: false,
    emailsStarted: true,
  });
  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.to)).toEqual(["tui@example.nz"]);
});
