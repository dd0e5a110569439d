// Admins' notes on a real database: added with who and when, newest first, a member's notes shown
// beside their records, a form sent twice adds one note, a note about a record the page isn't
// showing is refused, empty and overlong notes are refused in words, and deleting the account
// deletes the notes about the person and their records (and only theirs).
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { adminNotes } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { NOTE_MAX, NOTE_MESSAGES } from "./notes.schema.ts";
import { addNote, forgetNotes, listNotes } from "./notes.server.ts";

testServices({ emptyBeforeEach: true });

const ADMIN = "grow@example.com";

function note(subject: string, body: string, requestKey = randomUUID()) {
  const [subjectType, subjectId] = subject.split(":");
  return { subjectType, subjectId, body, requestKey };
}

test("notes on a subscription and its member, newest first, each once however often it is sent", async () => {
  const { id } = await insertSubscription({ overrides: { userId: "member-mere" } });
  const allowed = [`subscription:${id}`, "member:member-mere"];
  const key = randomUUID();
  for (let i = 0; i < 3; i++)
    expect(
      await addNote(
        note(`subscription:${id}`, "Called Mere about wilted basil.", key),
        ADMIN,
        allowed,
      ),
    ).toEqual({ ok: true, message: NOTE_MESSAGES.added });
  await new Promise((r) => setTimeout(r, 5));
  await addNote(
    note("member:member-mere", "Prefers a call after 3pm.\nDeaf in one ear."),
    "ops@example.com",
    allowed,
  );

  const notes = await listNotes([
    { type: "subscription", id },
    { type: "member", id: "member-mere" },
  ]);
  expect(notes.map((n) => [n.subjectType, n.body, n.authorEmail])).toEqual([
    ["member", "Prefers a call after 3pm.\nDeaf in one ear.", "ops@example.com"],
    ["subscription", "Called Mere about wilted basil.", ADMIN],
  ]);
  // Another record of the same member shows the member's note, not the subscription's.
  expect(
    (
      await listNotes([
        { type: "order", id: randomUUID() },
        { type: "member", id: "member-mere" },
      ])
    ).map((n) => n.subjectType),
  ).toEqual(["member"]);
});

test("a note about a record the page doesn't show, an empty one and an overlong one are refused", async () => {
  const allowed = ["order:11111111-1111-4111-8111-111111111111"];
  const refused = async (input: ReturnType<typeof note>, message: string) => {
    expect(await addNote(input, ADMIN, allowed)).toMatchObject({
      ok: false,
      code: "invalid",
      message,
    });
  };
  await refused(note("member:someone-else", "Sneaky"), NOTE_MESSAGES.subject);
  await refused(
    note("order:22222222-2222-4222-8222-222222222222", "Wrong order"),
    NOTE_MESSAGES.subject,
  );
  await refused(note("shipment:1", "Not a subject"), NOTE_MESSAGES.subject);
  await refused(note(allowed[0]!, "   "), NOTE_MESSAGES.empty);
  await refused(note(allowed[0]!, "x".repeat(NOTE_MAX + 1)), NOTE_MESSAGES.tooLong);
  expect(await db().select().from(adminNotes)).toEqual([]);
});

test("deleting an account forgets the notes about the member and their subscriptions, no one else's", async () => {
  const mine = await insertSubscription({ overrides: { userId: "member-leaving" } });
  const theirs = await insertSubscription({ overrides: { userId: "member-staying" } });
  const add = (subject: string) => addNote(note(subject, `About ${subject}`), ADMIN, [subject]);
  await add("member:member-leaving");
  await add(`subscription:${mine.id}`);
  await add("member:member-staying");
  await add(`subscription:${theirs.id}`);

  await db().transaction((tx) => forgetNotes(tx, "member-leaving"));
  const left = await db().select({ body: adminNotes.body }).from(adminNotes);
  expect(left.map((n) => n.body).sort()).toEqual(
    [`About member:member-staying`, `About subscription:${theirs.id}`].sort(),
  );
});
