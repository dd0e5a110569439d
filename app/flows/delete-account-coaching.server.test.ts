// A member's questions to a coach (issue 41) in "Download my data" and gone with the account: the
// export holds each thread with its questions, answers and photos but never a coach's internal
// note; the real "Delete my account" flow leaves no thread, message or photo of theirs behind.
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { expect, test } from "vitest";
import { coachMessages, coachPhotos, coachThreads, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { exportMyData } from "#app/modules/accounts/export-my-data.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { askCoach } from "#app/modules/coaching/ask-coach.server.ts";
import { encodeCoachPhotos } from "#app/modules/coaching/photos.server.ts";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { deleteAccountAndEndMoney } from "./delete-account.server.ts";

testServices({ smtp: true, stripe: true });

const PASSWORD = "kōwhai flowers in spring";
const meta = requestMetas("192.0.2");

test("questions, answers and photos are in the export without notes, and go with the account", async () => {
  const account = await signedInAccount({
    email: "piwakawaka@example.nz",
    password: PASSWORD,
    meta: meta(),
  });
  const { user } = await getCurrentUser(meta(account.cookie).request);
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#6a4" },
  })
    .jpeg()
    .toBuffer();
  const encoded = await encodeCoachPhotos([
    new File([new Uint8Array(photo)], "bean.jpg", { type: "image/jpeg" }),
  ]);
  if (!encoded.ok) throw new Error(encoded.message);
  const asked = await askCoach({
    userId: account.id,
    input: { requestKey: crypto.randomUUID(), topic: "pests", body: "Aphids on my broad beans" },
    photos: encoded.photos,
    source: "garden",
  });
  if (!asked.ok) throw new Error(asked.message);
  await db()
    .insert(coachMessages)
    .values([
      {
        threadId: asked.threadId,
        kind: "note",
        body: "Second aphid question this month",
        requestKey: crypto.randomUUID(),
      },
      {
        threadId: asked.threadId,
        kind: "coach",
        authorName: "Aroha, your Patch coach",
        body: "Squash them, or a jet of water; ladybirds will follow.",
        requestKey: crypto.randomUUID(),
        createdAt: new Date(Date.now() + 1000),
      },
    ]);

  const exported = await exportMyData(account.id);
  expect(exported!.questionsToCoaches).toEqual([
    expect.objectContaining({
      id: asked.threadId,
      topic: "pests",
      state: "waiting",
      messages: [
        expect.objectContaining({
          from: "member",
          body: "Aphids on my broad beans",
          photos: [expect.objectContaining({ contentType: "image/webp", width: 640, height: 480 })],
        }),
        expect.objectContaining({
          from: "coach",
          coachName: "Aroha, your Patch coach",
          photos: [],
        }),
      ],
    }),
  ]);
  const base64 = exported!.questionsToCoaches[0]!.messages[0]!.photos[0]!.base64;
  expect((await sharp(Buffer.from(base64, "base64")).metadata()).format).toBe("webp");
  expect(JSON.stringify(exported)).not.toContain("Second aphid question");

  const messageIds = (
    await db()
      .select({ id: coachMessages.id })
      .from(coachMessages)
      .where(eq(coachMessages.threadId, asked.threadId))
  ).map((m) => m.id);
  expect(messageIds).toHaveLength(3);
  const outcome = await deleteAccountAndEndMoney({
    user: user!,
    input: { password: PASSWORD, confirm: "yes" },
    meta: meta(account.cookie),
  });
  expect(outcome.ok).toBe(true);
  expect(await db().select().from(users).where(eq(users.id, account.id))).toEqual([]);
  expect(await db().select().from(coachThreads).where(eq(coachThreads.userId, account.id))).toEqual(
    [],
  );
  expect(
    await db().select().from(coachMessages).where(inArray(coachMessages.id, messageIds)),
  ).toEqual([]);
  expect(
    await db().select().from(coachPhotos).where(inArray(coachPhotos.messageId, messageIds)),
  ).toEqual([]);
});
