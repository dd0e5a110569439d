// A coach answers (issue 41): one message however often the form is sent, the thread answered
// (first_answered_at the first time only, out of the queue), the member's e-mail through the real
// mail path (an in-process SMTP server) with the signed link to their thread, and a text where
// they chose reminder texts. Notes stay with the coaches; a closed thread takes no new answer;
// "useful for everyone" drafts an FAQ entry without names only with the member's consent.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { coachFaqDrafts, coachMessages, coachThreads, notifications } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { verifyToken } from "#app/lib/signed-token.server.ts";
import { insertCoachThread } from "#tests/factories/coaching.ts";
import { insertMember } from "#tests/factories/members.ts";
import { insertSmsReminders } from "#tests/factories/sms-reminders.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { addNote, answerThread, closeThread } from "./answer-thread.server.ts";
import { sendCoachAnswerJob } from "./answer-email.server.ts";
import { markUseful, publishedFaq, decideFaqDraft, withoutNames } from "./faq-drafts.server.ts";

const services = testServices({ smtp: true, queues: [sendCoachAnswerJob], emptyBeforeEach: true });
const coach = { id: "", displayName: "mere", fullName: "Mere Tane" };

async function setUp(
  fields: Parameters<typeof insertCoachThread>[1] = {},
  email = "aroha@example.nz",
) {
  const memberId = await insertMember({ name: "Aroha", email }, { fullName: "Aroha Ngata" });
  coach.id = await insertMember({ name: "Mere" });
  const threadId = await insertCoachThread(memberId, fields);
  return { memberId, threadId };
}

const row = async (id: string) =>
  (await db().select().from(coachThreads).where(eq(coachThreads.id, id)))[0]!;

test("an answer: one message for a retried post, the thread answered, the member e-mailed the thread's signed link", async () => {
  const { threadId } = await setUp();
  const input = {
    threadId,
    body: "Kia ora Aroha! Feed them seaweed every fortnight.",
    requestKey: crypto.randomUUID(),
    coach,
  };
  expect(await answerThread(input)).toEqual({ ok: true, added: true });
  expect(await answerThread(input)).toEqual({ ok: true, added: false });
  const answers = await db()
    .select()
    .from(coachMessages)
    .where(and(eq(coachMessages.threadId, threadId), eq(coachMessages.kind, "coach")));
  expect(answers).toHaveLength(1);
  expect(answers[0]).toMatchObject({ authorName: "Mere", authorId: coach.id });
  const answered = await row(threadId);
  expect(answered).toMatchObject({
    state: "answered",
    waitingSince: null,
    dueAt: null,
    assignedTo: coach.id,
  });
  const first = answered.firstAnsweredAt!;
  expect(first).toBeInstanceOf(Date);

  await drainQueue([sendCoachAnswerJob]);
  const [mail] = await services.smtp.waitForTo("aroha@example.nz", 1);
  expect(mail!.subject).toBe("Mere from Patch answered your question");
  expect(mail!.text).toContain("Feed them seaweed every fortnight.");
  const link = new URL(linkIn(mail!, `https://patch.test/coach/${threadId}?key=`));
  expect(verifyToken("coach-thread", link.searchParams.get("key"))).toBe(threadId);
  // No reminder texts chosen: no text.
  expect(await db().select().from(notifications).where(eq(notifications.channel, "sms"))).toEqual(
    [],
  );

  // A second answer later keeps the first answer's time.
  await db()
    .update(coachThreads)
    .set({ state: "waiting", waitingSince: new Date(), dueAt: new Date() })
    .where(eq(coachThreads.id, threadId));
  expect(
    await answerThread({ ...input, requestKey: crypto.randomUUID(), body: "And mulch." }),
  ).toEqual({ ok: true, added: true });
  expect((await row(threadId)).firstAnsweredAt).toEqual(first);
  await drainQueue([sendCoachAnswerJob]);
  expect(await services.smtp.waitForTo("aroha@example.nz", 2)).toHaveLength(2);
});

test("a member who chose reminder texts gets a text with the link too; one who stopped them doesn't", async () => {
  const { memberId, threadId } = await setUp();
  await insertSmsReminders(memberId, "+64211234567");
  await answerThread({
    threadId,
    body: "Try a beer trap.",
    requestKey: crypto.randomUUID(),
    coach,
  });
  await drainQueue([sendCoachAnswerJob]);
  const texts = await db().select().from(notifications).where(eq(notifications.channel, "sms"));
  expect(texts).toMatchObject([
    { recipient: "+64211234567", template: "coach-answer-sms", status: "sent" },
  ]);

  const other = await insertMember({ email: "hemi@example.nz" });
  await insertSmsReminders(other, "+64217654321", { stoppedAt: new Date() });
  const second = await insertCoachThread(other);
  await answerThread({
    threadId: second,
    body: "Water deeply.",
    requestKey: crypto.randomUUID(),
    coach,
  });
  await drainQueue([sendCoachAnswerJob]);
  expect(
    await db().select().from(notifications).where(eq(notifications.channel, "sms")),
  ).toHaveLength(1);
  expect(await services.smtp.waitForTo("hemi@example.nz", 1)).toHaveLength(1);
});

test("a note adds a coaches-only message and leaves the thread waiting; a closed thread takes no new answer", async () => {
  const { threadId } = await setUp();
  const note = {
    threadId,
    body: "Looks like magnesium; ask for a photo.",
    requestKey: crypto.randomUUID(),
    coach,
  };
  expect(await addNote(note)).toEqual({ ok: true, added: true });
  expect(await addNote(note)).toEqual({ ok: true, added: false });
  expect((await row(threadId)).state).toBe("waiting");
  expect(await closeThread(threadId)).toEqual({ ok: true, added: true });
  expect(await closeThread(threadId)).toEqual({ ok: true, added: false });
  expect(await row(threadId)).toMatchObject({ state: "closed", waitingSince: null });
  expect(
    await answerThread({ threadId, body: "Too late", requestKey: crypto.randomUUID(), coach }),
  ).toMatchObject({ ok: false, status: 409 });
  await drainQueue([sendCoachAnswerJob]);
  expect(services.smtp.messages).toEqual([]);
  expect(
    await answerThread({
      threadId: crypto.randomUUID(),
      body: "x",
      requestKey: crypto.randomUUID(),
      coach,
    }),
  ).toMatchObject({ ok: false, status: 404 });
});

test("useful for everyone: with consent a draft without names for the thread's page, published there; without consent none", async () => {
  const { threadId } = await setUp({
    shareConsent: true,
    topic: "pests",
    question: "Hi, Aroha here. Something is eating my lettuces overnight!",
  });
  await answerThread({
    threadId,
    body: "Kia ora Aroha, it's slugs. Set a beer trap. Mere",
    requestKey: crypto.randomUUID(),
    coach,
  });
  const [answer] = await db()
    .select()
    .from(coachMessages)
    .where(and(eq(coachMessages.threadId, threadId), eq(coachMessages.kind, "coach")));
  expect(await markUseful(threadId, answer!.id)).toEqual({ ok: true, drafted: true });
  expect(await markUseful(threadId, answer!.id)).toEqual({ ok: true, drafted: false });
  const [draft] = await db().select().from(coachFaqDrafts);
  expect(draft).toMatchObject({
    educationPath: "/education/slug-patrol",
    status: "draft",
    question: "Hi, here. Something is eating my lettuces overnight!",
    answer: "Kia ora, it's slugs. Set a beer trap.",
  });
  expect(await publishedFaq("/education/slug-patrol")).toEqual([]);
  expect(await decideFaqDraft(draft!.id, "publish")).toBe(true);
  expect(await decideFaqDraft(draft!.id, "discard")).toBe(false);
  expect(await publishedFaq("/education/slug-patrol")).toEqual([
    { question: draft!.question, answer: draft!.answer },
  ]);

  const { threadId: private_ } = await setUp({ shareConsent: false }, "kiri@example.nz");
  await answerThread({
    threadId: private_,
    body: "Water at dawn.",
    requestKey: crypto.randomUUID(),
    coach,
  });
  const [other] = await db()
    .select()
    .from(coachMessages)
    .where(and(eq(coachMessages.threadId, private_), eq(coachMessages.kind, "coach")));
  expect(await markUseful(private_, other!.id)).toEqual({ ok: true, drafted: false });
  expect(await db().select().from(coachFaqDrafts)).toHaveLength(1);
  // A member's question is not an answer to mark.
  expect(await markUseful(threadId, crypto.randomUUID())).toMatchObject({ ok: false, status: 404 });
});

test("names come out whole, in any case, and the text is tidied", () => {
  expect(withoutNames("Kia ora ANNA, your beans look great, anna. Annabel stays.", ["Anna"])).toBe(
    "Kia ora, your beans look great. Annabel stays.",
  );
});
