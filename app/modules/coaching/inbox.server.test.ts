// The coach inbox's queue (issue 41, ADR 071): longest waiting first, overdue ones known, 50 a
// page by keyset with no thread missed or shown twice, the filters, and "I'll take this" (once; a
// second coach is told who has it).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { coachThreads } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertCoachThread } from "#tests/factories/coaching.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { readInboxQuery, waitedWords } from "./inbox.schema.ts";
import { listInbox, takeThread } from "./inbox.server.ts";

testServices({ emptyBeforeEach: true });

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const query = (params: Record<string, string> = {}) => readInboxQuery(new URLSearchParams(params));

test("waiting questions come longest waiting first, with first name, first line and who took them", async () => {
  const aroha = await insertMember({ name: "" }, { fullName: "Aroha Ngata" });
  const coach = await insertMember({ name: "Mere Tane" });
  const recent = await insertCoachThread(aroha, {
    waitingSince: hoursAgo(1),
    question: "Aphids!\nAll over the broad beans.",
  });
  const oldest = await insertCoachThread(aroha, {
    waitingSince: hoursAgo(30),
    dueAt: hoursAgo(6),
    topic: "pests",
  });
  const middle = await insertCoachThread(aroha, { waitingSince: hoursAgo(5), assignedTo: coach });
  await insertCoachThread(aroha, { state: "answered", firstAnsweredAt: new Date() });

  const { rows, next } = await listInbox(query(), coach);
  expect(rows.map((r) => r.id)).toEqual([oldest, middle, recent]);
  expect(next).toBeNull();
  expect(rows[0]).toMatchObject({ firstName: "Aroha", topic: "pests", assigneeName: null });
  expect(rows[0]!.dueAt!.getTime()).toBeLessThan(Date.now());
  expect(rows[1]).toMatchObject({ assignedTo: coach, assigneeName: "Mere" });
  expect(rows[2]!.firstLine).toBe("Aphids!");
});

test("pages of 50 by keyset: every waiting question once, in order, threads with the same waiting time too", async () => {
  const member = await insertMember();
  const same = hoursAgo(10);
  const ids: string[] = [];
  for (let i = 0; i < 120; i++)
    ids.push(
      await insertCoachThread(member, { waitingSince: i < 60 ? same : hoursAgo(9 - i / 100) }),
    );
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: Awaited<ReturnType<typeof listInbox>> = await listInbox(
      query(after ? { after } : {}),
      member,
    );
    expect(page.rows.length).toBeLessThanOrEqual(50);
    seen.push(...page.rows.map((r) => r.id));
    after = page.next;
    pages++;
  } while (after);
  expect(pages).toBe(3);
  expect(new Set(seen).size).toBe(120);
  expect(seen.toSorted()).toEqual(ids.toSorted());
  // The 60 with the same waiting time first (in id order), then the later ones by their time.
  expect(seen.slice(0, 60)).toEqual(ids.slice(0, 60).toSorted());
  expect(seen.slice(60)).toEqual(ids.slice(60));
});

test("the filters: mine, answered, closed and a topic", async () => {
  const member = await insertMember();
  const me = await insertMember();
  const other = await insertMember();
  const mine = await insertCoachThread(member, { assignedTo: me, topic: "watering" });
  await insertCoachThread(member, { assignedTo: other, topic: "watering" });
  const sowing = await insertCoachThread(member, { topic: "sowing" });
  const answered = await insertCoachThread(member, { state: "answered" });
  const closed = await insertCoachThread(member, { state: "closed", closedAt: new Date() });

  expect((await listInbox(query({ show: "mine" }), me)).rows.map((r) => r.id)).toEqual([mine]);
  expect((await listInbox(query({ show: "answered" }), me)).rows.map((r) => r.id)).toEqual([
    answered,
  ]);
  expect((await listInbox(query({ show: "closed" }), me)).rows.map((r) => r.id)).toEqual([closed]);
  expect((await listInbox(query({ topic: "sowing" }), me)).rows.map((r) => r.id)).toEqual([sowing]);
  // Hostile or stale query strings read as the first page of waiting questions.
  expect(query({ show: "'; drop table", topic: "<b>", after: "x.y" })).toEqual({ show: "waiting" });
});

test("I'll take this: the first coach has it, taking it again changes nothing, a second coach is told who", async () => {
  const member = await insertMember();
  const aroha = await insertMember({ name: "Aroha" });
  const hemi = await insertMember({ name: "Hemi" });
  const thread = await insertCoachThread(member);
  expect(await takeThread(thread, aroha)).toEqual({ ok: true, takenBy: "Aroha" });
  expect(await takeThread(thread, aroha)).toEqual({ ok: true, takenBy: "Aroha" });
  expect(await takeThread(thread, hemi)).toEqual({
    ok: false,
    status: 409,
    message: "Aroha has already taken this question.",
  });
  const [row] = await db().select().from(coachThreads).where(eq(coachThreads.id, thread));
  expect(row!.assignedTo).toBe(aroha);
  expect(await takeThread(crypto.randomUUID(), hemi)).toMatchObject({ ok: false, status: 404 });
});

test("waited time in words", () => {
  const now = new Date("2026-12-02T10:00:00Z");
  expect(waitedWords(new Date("2026-12-02T09:15:00Z"), now)).toBe("45 min");
  expect(waitedWords(new Date("2026-12-02T06:40:00Z"), now)).toBe("3 h 20 min");
  expect(waitedWords(new Date("2026-11-30T06:00:00Z"), now)).toBe("2 days 4 h");
});
