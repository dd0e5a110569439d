import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, profiles, users } from "#db/schema/index.ts";
import { sendRunIsGoing, sendRunProgress } from "#app/components/send-runs-table.tsx";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { deleteContact } from "#app/modules/waitlist/admin-waitlist.server.ts";
import { migrateWaitlistContact } from "#app/modules/accounts/migrate-waitlist-contact.server.ts";
import type { OutboxMessage } from "#app/modules/notifications/read-outbox.server.ts";
import {
  growingTipsFanOutJob,
  growingTipsProgress,
  sendGrowingTipsJob,
  startGrowingTipsRun,
} from "./send-growing-tips.server.ts";
import { tipsRecipientFor } from "./tips-recipients.server.ts";
import { readUnsubscribeLink, unsubscribeByLink } from "./unsubscribe-link.server.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { expectAllSent } from "#tests/setup/send-runs.ts";
import { testServices } from "#tests/setup/test-services.ts";

async function member(
  email: string,
  options: { region?: string; verified?: boolean; optedOut?: boolean; profile?: boolean } = {},
) {
  const id = crypto.randomUUID();
  await db()
    .insert(users)
    .values({ id, name: "Aroha Ngata", email, emailVerified: options.verified ?? true });
  if (options.profile !== false)
    await db()
      .insert(profiles)
      .values({
        id,
        fullName: "Aroha Ngata",
        address: options.region ? { state: options.region } : {},
        tipsOptedOutAt: options.optedOut ? new Date() : null,
      });
  return id;
}

const jobs = [growingTipsFanOutJob, sendGrowingTipsJob];
/** Every fan-out and send the runs so far asked for has happened: nothing more is coming. */
const drained = () => drainQueue(jobs);
const mailFor = (email: string, from = 0) =>
  env.smtp.messages.slice(from).filter((m) => m.to === email);
const link = (m: OutboxMessage, path: string) =>
  new RegExp(`https://patch\\.test${path.replace("?", "\\?")}[^\\s>]+`).exec(m.text)?.[0] ?? "";

// A run goes to everyone subscribed, so each test starts from an empty database: who gets a
// month's tips is then only who that test made, in whatever order the tests run.
const env = testServices({
  smtp: true,
  workers: jobs as never,
  emptyBeforeEach: true,
});

test("a month's tips reach every subscriber once, in their zone, however often it is started", async () => {
  await insertContact("kea@example.nz", "Otago", { confirmed: true, name: "Mere Kea" });
  await insertContact("tui@example.nz", "Auckland", { confirmed: true });
  await insertContact("waiting@example.nz", "Waikato");
  await insertContact("gone@example.nz", "Waikato", { confirmed: true, unsubscribed: true });
  await member("member@example.nz", { region: "Wellington" });
  await member("noregion@example.nz", { profile: false });
  await member("quiet@example.nz", { region: "Nelson", optedOut: true });
  await member("unverified@example.nz", { region: "Nelson", verified: false });
  // Member and contact with one address: one e-mail, written with the member's region.
  await member("both@example.nz", { region: "Northland" });
  await insertContact("both@example.nz", "Southland", { confirmed: true });
  // A member's switch decides for their address, even with a subscribed contact beside it.
  await member("said-no@example.nz", { region: "Taranaki", optedOut: true });
  await insertContact("said-no@example.nz", "Taranaki", { confirmed: true });

  expect(await startGrowingTipsRun("2026-12", "admin@example.com")).toEqual({
    ok: true,
    started: true,
  });
  expect(await startGrowingTipsRun("2026-12", "ops@example.com")).toEqual({
    ok: true,
    started: false,
  });
  // The schedule on 1 December finds the early send and adds nothing.
  expect(await startGrowingTipsRun("2026-12", "schedule")).toEqual({ ok: true, started: false });
  expect(await startGrowingTipsRun("December", "admin@example.com")).toMatchObject({ ok: false });

  await drained();
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "both@example.nz",
    "kea@example.nz",
    "member@example.nz",
    "noregion@example.nz",
    "tui@example.nz",
  ]);

  const [kea] = mailFor("kea@example.nz");
  expect(kea!.subject).toBe("December growing tips for the cool south and inland");
  expect(kea!.text).toContain("Kia ora Mere!");
  expect(kea!.text).toContain("Otago is in our cool south and inland climate zone");
  expect(kea!.text).toContain("- Sow broccoli, cabbage and cauliflower seed in trays");
  expect(kea!.text).not.toContain("kūmara tupu");
  expect(kea!.text).toContain("- Harvest garlic.");
  expect(kea!.text).toContain("- Seedlings: basil, heat-tolerant lettuce and a cucumber");
  expect(kea!.text).toContain("https://patch.test/education/monthly/december");
  expect(kea!.text).toContain("joined the Patch waitlist");
  expect(kea!.html).toContain("Read the full December guide");
  expect(kea!.headers["list-unsubscribe"]).toMatch(
    /^<https:\/\/patch\.test\/api\/unsubscribe\?token=/,
  );
  expect(kea!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  const [tui] = mailFor("tui@example.nz");
  expect(tui!.subject).toBe("December growing tips for the warm north");
  expect(tui!.text).toContain("- Plant the last kūmara tupu early in the month");

  const [both] = mailFor("both@example.nz");
  expect(both!.subject).toBe("December growing tips for the warm north");
  expect(both!.text).toContain("Northland is in our warm north climate zone");
  expect(both!.text).toContain("account has monthly growing tips switched on");
  expect(
    (await readUnsubscribeLink(link(both!, "/unsubscribe?token=").split("token=")[1] ?? null))
      ?.kind,
  ).toBe("member-tips");

  const [general] = mailFor("noregion@example.nz");
  expect(general!.subject).toBe("December growing tips for New Zealand gardens");
  expect(general!.text).toContain("We don't know your region yet");
  expect(general!.text).toContain("Add your region to your profile");
  expect(general!.headers["list-unsubscribe"]).toContain("/api/unsubscribe?token=");

  expect(mailFor("member@example.nz")[0]!.subject).toBe(
    "December growing tips for temperate gardens",
  );

  // A worker re-running the fan-out or a send (as after a crash) sends nothing more.
  await growingTipsFanOutJob.handle({ month: "2026-12" }, { jobId: "x", attempt: 1 });
  await sendGrowingTipsJob.handle(
    { month: "2026-12", email: "kea@example.nz" },
    { jobId: "y", attempt: 1 },
  );
  await drained();
  expect(env.smtp.messages).toHaveLength(5);

  const [progress] = await growingTipsProgress();
  expectAllSent(progress, { month: "2026-12", requestedBy: "admin@example.com", recipients: 5 });
});

test("both unsubscribe links work in one click, and the next month those people get nothing", async () => {
  await insertContact("kea@example.nz", "Otago", { confirmed: true });
  await insertContact("tui@example.nz", "Auckland", { confirmed: true });
  await member("member@example.nz", { region: "Wellington" });
  expect(await startGrowingTipsRun("2026-12", "admin@example.com")).toMatchObject({
    started: true,
  });
  await drained();
  const before = env.smtp.messages.length;
  expect(before).toBe(3);
  const memberMail = mailFor("member@example.nz")[0]!;
  const contactMail = mailFor("kea@example.nz")[0]!;

  // The member's one-click link (the API's RFC 8058 POST calls this) switches their tips off.
  const memberOneClick = memberMail.headers["list-unsubscribe"]!.slice(1, -1);
  const memberToken = new URL(memberOneClick).searchParams.get("token");
  expect(await readUnsubscribeLink(memberToken)).toEqual({
    kind: "member-tips",
    email: "member@example.nz",
    unsubscribed: false,
  });
  expect(await unsubscribeByLink(memberToken)).toEqual({
    ok: true,
    kind: "member-tips",
    email: "member@example.nz",
  });
  const [profile] = await db()
    .select({ tipsOptedOutAt: profiles.tipsOptedOutAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(users.email, "member@example.nz"));
  expect(profile?.tipsOptedOutAt).toBeInstanceOf(Date);

  // The contact's link from the e-mail's footer, through the page's button.
  const contactToken = link(contactMail, "/unsubscribe?token=").split("token=")[1] ?? null;
  expect(await readUnsubscribeLink(contactToken)).toMatchObject({ kind: "contact" });
  expect(await unsubscribeByLink(contactToken)).toEqual({
    ok: true,
    kind: "contact",
    email: "kea@example.nz",
  });
  const [kea] = await db().select().from(contacts).where(eq(contacts.email, "kea@example.nz"));
  expect(kea?.unsubscribedAt).toBeInstanceOf(Date);

  // A forged token does nothing.
  expect(await unsubscribeByLink("nope.nope")).toEqual({ ok: false });
  expect(await readUnsubscribeLink(null)).toBeNull();

  expect(await startGrowingTipsRun("2027-01", "schedule")).toEqual({ ok: true, started: true });
  await drained();
  expect(env.smtp.messages.slice(before).map((m) => m.to)).toEqual(["tui@example.nz"]);
  expect(mailFor("tui@example.nz", before)[0]!.subject).toBe(
    "January growing tips for the warm north",
  );
});

test("a send re-checks consent: someone who unsubscribes after the fan-out gets nothing", async () => {
  await insertContact("late@example.nz", "Canterbury", { confirmed: true });
  await db()
    .update(contacts)
    .set({ unsubscribedAt: new Date() })
    .where(eq(contacts.email, "late@example.nz"));
  const before = env.smtp.messages.length;
  await sendGrowingTipsJob.handle(
    { month: "2027-02", email: "late@example.nz" },
    { jobId: "z", attempt: 1 },
  );
  await drained();
  expect(env.smtp.messages.length).toBe(before);
});

test("a waitlist unsubscribe carries into the member's switch, so the profile shows the truth", async () => {
  // Unsubscribed as a contact, then signed up: the new profile starts with tips off.
  await insertContact("moa@example.nz", "Otago", { confirmed: true, unsubscribed: true });
  const moa = await member("moa@example.nz", { profile: false });
  await migrateWaitlistContact({ id: moa, email: "moa@example.nz" });
  const [moaProfile] = await db().select().from(profiles).where(eq(profiles.id, moa));
  expect(moaProfile?.tipsOptedOutAt).toBeInstanceOf(Date);

  // A member who uses an old waitlist e-mail's unsubscribe link: their switch goes off too.
  const contactId = await insertContact("weta@example.nz", "Nelson", { confirmed: true });
  const weta = await member("weta@example.nz", { region: "Nelson" });
  expect(await tipsRecipientFor("weta@example.nz")).toMatchObject({ kind: "member", id: weta });
  expect(await unsubscribeByLink(signToken("unsubscribe", contactId))).toMatchObject({ ok: true });
  const [wetaProfile] = await db().select().from(profiles).where(eq(profiles.id, weta));
  expect(wetaProfile?.tipsOptedOutAt).toBeInstanceOf(Date);
  expect(await tipsRecipientFor("weta@example.nz")).toBeNull();
});

test("a run whose recipient is erased after their send ends, counted as skipped, instead of refreshing forever", async () => {
  const before = env.smtp.messages.length;
  await insertContact("stays.jan@example.nz", "Nelson", { confirmed: true });
  const erased = await insertContact("erased.jan@example.nz", "Nelson", { confirmed: true });
  expect(await startGrowingTipsRun("2027-05", "admin@example.com")).toMatchObject({
    started: true,
  });
  const may = async () => (await growingTipsProgress()).find((r) => r.month === "2027-05")!;
  await expect
    .poll(
      async () => {
        const p = await may();
        return p.fannedOutAt !== null && p.pending === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const recipients = (await may()).recipients;
  expect(recipients).toBe(2);
  expect((await may()).sent).toBe(recipients);
  expect(env.smtp.messages.length - before).toBe(recipients);
  // Erased (the Privacy Act's right to erasure): their sent record goes with them.
  expect(await deleteContact(erased)).toBe(true);
  const progress = await may();
  expect(progress).toMatchObject({ recipients, sent: recipients - 1, pending: 0, skipped: 1 });
  expect(sendRunIsGoing(progress)).toBe(false);
  expect(sendRunProgress(progress)).toBe(`${recipients - 1} of ${recipients} sent, 1 skipped`);
});
