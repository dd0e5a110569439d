import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { confirmUrl, readConfirmToken, readSurveyToken } from "./contact-links.server.ts";
import { confirmContact, readConfirmLink } from "./confirm-contact.server.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: "https://patch.test" });
});
afterAll(() => t.close());

const tokenOf = (url: string) => new URL(url).searchParams.get("token");

async function contact(state: { confirmedAt?: Date; unsubscribedAt?: Date } = {}) {
  const id = crypto.randomUUID();
  await db()
    .insert(contacts)
    .values({
      id,
      email: `${id.slice(0, 8)}@example.nz`,
      region: "Otago",
      address: { state: "Otago" },
      ...state,
    });
  return id;
}

async function row(id: string) {
  const [c] = await db().select().from(contacts).where(eq(contacts.id, id));
  return c!;
}

test("the confirm token carries the contact and when it was issued; old and forged ones are read safely", () => {
  const id = crypto.randomUUID();
  const issuedAt = Date.now() - 86_400_000;
  expect(readConfirmToken(tokenOf(confirmUrl(id, issuedAt)))).toEqual({ id, issuedAt });
  // Links sent before the issue time was signed into them: the bare contact id.
  expect(readConfirmToken(signToken("confirm", id))).toEqual({ id, issuedAt: 0 });
  // Still 30 days to use it.
  expect(readConfirmToken(tokenOf(confirmUrl(id, Date.now() - 29 * 86_400_000)))?.id).toBe(id);
  expect(readConfirmToken(tokenOf(confirmUrl(id, Date.now() - 31 * 86_400_000)))).toBeNull();
  expect(readConfirmToken(`${tokenOf(confirmUrl(id))}x`)).toBeNull();
  expect(readConfirmToken(signToken("unsubscribe", `${id}:1`))).toBeNull();
  expect(readConfirmToken(signToken("confirm", `${id}:soon`))).toBeNull();
  expect(readConfirmToken(signToken("confirm", "not-a-contact"))).toBeNull();
  // Only a whole number of milliseconds, and nothing after it.
  for (const issued of ["1:2", "-5", "1e3", "1000x", "x1000", " 5", "99999999999999999999"])
    expect(readConfirmToken(signToken("confirm", `${id}:${issued}`)), issued).toBeNull();
  expect(readConfirmToken(signToken("confirm", `${id}:1000`))).toEqual({ id, issuedAt: 1000 });
  expect(readConfirmToken(null)).toBeNull();
});

test("opening the link changes nothing; the button confirms, once, and gives the signed survey link", async () => {
  const id = await contact();
  const token = tokenOf(confirmUrl(id));
  expect(await readConfirmLink(token)).toMatchObject({
    ok: true,
    state: "pending",
    surveyUrl: null,
    shareUrl: null,
  });
  expect(await readConfirmLink(token)).toMatchObject({ state: "pending" });
  expect((await row(id)).confirmedAt).toBeNull();

  const confirmed = await confirmContact(token);
  expect(confirmed).toMatchObject({ ok: true, state: "confirmed", region: "Otago" });
  const first = (await row(id)).confirmedAt;
  expect(first).toBeInstanceOf(Date);
  if (!confirmed.ok || !confirmed.surveyUrl) throw new Error("no survey link");
  const survey = new URL(confirmed.surveyUrl);
  expect(survey.origin + survey.pathname).toBe("https://patch.test/define-garden");
  expect(readSurveyToken(survey.searchParams.get("t"))).toBe(id);

  // Pressing again (or reloading) is the same answer and leaves the first time.
  // The person's own share link comes with the confirmation, and stays the same.
  expect(confirmed.shareUrl).toMatch(/^https:\/\/patch\.test\/r\/[0-9a-hjkmnp-tv-z]{8}$/);
  expect(await confirmContact(token)).toMatchObject({
    ok: true,
    state: "confirmed",
    shareUrl: confirmed.shareUrl,
  });
  expect((await row(id)).confirmedAt?.getTime()).toBe(first?.getTime());
  expect(await readConfirmLink(token)).toMatchObject({
    state: "confirmed",
    shareUrl: confirmed.shareUrl,
  });

  expect(await readConfirmLink("forged.token")).toMatchObject({ ok: false, code: "not-found" });
  expect(await confirmContact("forged.token")).toMatchObject({ ok: false, code: "not-found" });
  // A genuine link for a contact no longer on the list (deleted since): nothing to show or do.
  const gone = tokenOf(confirmUrl(crypto.randomUUID()));
  expect(await readConfirmLink(gone)).toMatchObject({ ok: false, code: "not-found" });
  expect(await confirmContact(gone)).toMatchObject({ ok: false, code: "not-found" });
});

test("a link sent before the unsubscribe confirms but doesn't re-subscribe", async () => {
  const unsubscribedAt = new Date(Date.now() - 60_000);
  const id = await contact({ unsubscribedAt });
  const old = tokenOf(confirmUrl(id, unsubscribedAt.getTime() - 86_400_000));
  expect(await readConfirmLink(old)).toMatchObject({ state: "pending" });
  expect(await confirmContact(old)).toMatchObject({
    ok: true,
    state: "unsubscribed",
    surveyUrl: null,
  });
  const after = await row(id);
  expect(after.confirmedAt).toBeInstanceOf(Date);
  expect(after.unsubscribedAt?.getTime()).toBe(unsubscribedAt.getTime());
  // A link from before issue times were recorded counts as older than any unsubscribe.
  expect(await confirmContact(signToken("confirm", id))).toMatchObject({ state: "unsubscribed" });
  expect((await row(id)).unsubscribedAt).not.toBeNull();
});

test("a link issued the very moment of the unsubscribe doesn't undo it", async () => {
  const unsubscribedAt = new Date(Date.now() - 60_000);
  const id = await contact({ unsubscribedAt });
  const same = tokenOf(confirmUrl(id, unsubscribedAt.getTime()));
  expect(await confirmContact(same)).toMatchObject({
    ok: true,
    state: "unsubscribed",
    shareUrl: null,
  });
  expect((await row(id)).unsubscribedAt?.getTime()).toBe(unsubscribedAt.getTime());
});

test("after a re-join, the fresh link lifts the earlier unsubscribe, and only once", async () => {
  const confirmedAt = new Date(Date.now() - 86_400_000);
  const unsubscribedAt = new Date(Date.now() - 60_000);
  const id = await contact({ confirmedAt, unsubscribedAt });
  const fresh = tokenOf(confirmUrl(id));
  // Already confirmed, but the fresh link would re-subscribe: the page asks first.
  expect(await readConfirmLink(fresh)).toMatchObject({ state: "pending" });
  expect((await row(id)).unsubscribedAt).not.toBeNull();
  expect(await confirmContact(fresh)).toMatchObject({ ok: true, state: "confirmed" });
  const after = await row(id);
  expect(after.unsubscribedAt).toBeNull();
  expect(after.confirmedAt?.getTime()).toBe(confirmedAt.getTime());

  // Unsubscribing again later: the same (now older) link can't undo it.
  const later = new Date();
  await db().update(contacts).set({ unsubscribedAt: later }).where(eq(contacts.id, id));
  expect(await confirmContact(fresh)).toMatchObject({ state: "unsubscribed" });
  expect((await row(id)).unsubscribedAt?.getTime()).toBe(later.getTime());
});
