// Asking a coach through /coach's action and reading the thread through /coach/{id}'s loader, on
// a real database (issue 41): a question with a photo is one thread, waiting and due one working
// day later; the same post twice is still one; a refused photo or text stores nothing; the sixth
// question in a day is refused in words; a reply re-opens an answered thread with a new due time;
// internal notes never reach the member; the sharing question is answered once.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { coachMessages, coachPhotos, coachThreads } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { action as askAction, loader as listLoader } from "#app/routes/coach.tsx";
import { action as threadAction, loader as threadLoader } from "#app/routes/coach-thread.tsx";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { COACH_MESSAGES, QUESTIONS_A_DAY } from "./coaching.schema.ts";
import { coachThreadLink } from "./member-thread.server.ts";
import { answerDueBy } from "./working-day.server.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
const meta = requestMetas("198.51.100");

beforeAll(async () => {
  t = await openTestDatabase({
    SITE_URL: SITE,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
async function member() {
  n++;
  return signedInAccount({
    email: `grower${n}-${crypto.randomUUID().slice(0, 6)}@example.nz`,
    password: "pūhā and puha and more puha",
    meta: meta(),
  });
}

function args(request: Request, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "198.51.100.9",
    sharedPage: false,
  });
  return { request, context, params } as never;
}

/** Runs an action or loader; a thrown Response (a redirect) is answered as one. */
async function run(
  fn: () => unknown,
): Promise<{ status: number; location?: string; data?: unknown }> {
  try {
    const result = (await fn()) as unknown;
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("location") ?? undefined };
    if (result && typeof result === "object" && "init" in result) {
      const { data, init } = result as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 200, data };
    }
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") ?? undefined };
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return { status: (thrown as { init: ResponseInit | null }).init?.status ?? 500 };
    throw thrown;
  }
}

const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#557733" } })
    .jpeg()
    .toBuffer();

async function ask(
  cookie: string,
  fields: Record<string, string>,
  photos: { bytes: Buffer; name: string; type: string }[] = [],
) {
  const form = new FormData();
  form.set("intent", "ask");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const p of photos)
    form.append("photos", new File([new Uint8Array(p.bytes)], p.name, { type: p.type }));
  return run(() =>
    askAction(
      args(new Request(`${SITE}/coach`, { method: "POST", headers: { cookie }, body: form })),
    ),
  );
}

async function threadsOf(userId: string) {
  return db().select().from(coachThreads).where(eq(coachThreads.userId, userId));
}

test("a question with a photo from a garden square is one waiting thread, due one working day later", async () => {
  const m = await member();
  const requestKey = crypto.randomUUID();
  const fields = {
    requestKey,
    topic: "pests",
    body: "White powder on my courgette leaves since the rain. What is it?",
    source: "garden",
    gardenSquare: "5",
    plantId: "courgette",
  };
  const first = await ask(m.cookie, fields, [
    { bytes: await jpeg(), name: "leaf.jpg", type: "image/jpeg" },
  ]);
  expect(first.status).toBe(302);
  const [thread] = await threadsOf(m.id);
  expect(first.location).toBe(`/coach/${thread!.id}`);
  expect(thread).toMatchObject({
    state: "waiting",
    topic: "pests",
    source: "garden",
    gardenSquare: 5,
    plantId: "courgette",
  });
  expect(thread!.waitingSince).toEqual(thread!.createdAt);
  expect(thread!.dueAt).toEqual(answerDueBy(thread!.createdAt));

  // The same post again (a retry after a lost answer) goes to the same thread and adds nothing.
  const again = await ask(m.cookie, fields, [
    { bytes: await jpeg(), name: "leaf.jpg", type: "image/jpeg" },
  ]);
  expect(again.location).toBe(`/coach/${thread!.id}`);
  expect(await threadsOf(m.id)).toHaveLength(1);
  const messages = await db()
    .select()
    .from(coachMessages)
    .where(eq(coachMessages.threadId, thread!.id));
  expect(messages).toHaveLength(1);
  const [photos] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(coachPhotos)
    .where(eq(coachPhotos.messageId, messages[0]!.id));
  expect(photos!.n).toBe(1);

  const page = await run(() =>
    threadLoader(
      args(new Request(`${SITE}/coach/${thread!.id}`, { headers: { cookie: m.cookie } }), {
        threadId: thread!.id,
      }),
    ),
  );
  const d = page.data as {
    thread: { state: string; messages: { body: string; photos: unknown[] }[] };
    owner: boolean;
  };
  expect(d.owner).toBe(true);
  expect(d.thread.messages.map((x) => [x.body, x.photos.length])).toEqual([[fields.body, 1]]);
});

test("a file that isn't a photo, or no question, is a 400 with its reason and stores nothing", async () => {
  const m = await member();
  const pdf = Buffer.from("%PDF-1.4 not a photo at all");
  const bad = await ask(
    m.cookie,
    { requestKey: crypto.randomUUID(), topic: "watering", body: "How often in a heatwave?" },
    [{ bytes: pdf, name: "scan.jpg", type: "image/jpeg" }],
  );
  expect(bad.status).toBe(400);
  expect(bad.data).toMatchObject({ fieldErrors: { photos: COACH_MESSAGES.notAPhoto("scan.jpg") } });
  const empty = await ask(m.cookie, {
    requestKey: crypto.randomUUID(),
    topic: "nonsense",
    body: "  ",
  });
  expect(empty.status).toBe(400);
  expect(empty.data).toMatchObject({
    fieldErrors: { topic: COACH_MESSAGES.topic, body: COACH_MESSAGES.empty },
  });
  expect(await threadsOf(m.id)).toEqual([]);
});

test(`a member's question after ${QUESTIONS_A_DAY} in a day is refused in words with a 429`, async () => {
  const m = await member();
  for (let i = 0; i < QUESTIONS_A_DAY; i++) {
    const ok = await ask(m.cookie, {
      requestKey: crypto.randomUUID(),
      topic: "sowing",
      body: `Question ${i + 1}`,
    });
    expect(ok.status).toBe(302);
  }
  const refused = await ask(m.cookie, {
    requestKey: crypto.randomUUID(),
    topic: "sowing",
    body: "One more",
  });
  expect(refused.status).toBe(429);
  expect(refused.data).toMatchObject({ message: COACH_MESSAGES.rateLimited });
  expect(await threadsOf(m.id)).toHaveLength(QUESTIONS_A_DAY);
});

test("a visitor is sent to sign in; another member sees nothing; the signed link shows the thread read-only", async () => {
  const owner = await member();
  await ask(owner.cookie, {
    requestKey: crypto.randomUUID(),
    topic: "harvest",
    body: "When are my carrots ready?",
  });
  const [thread] = await threadsOf(owner.id);
  const url = `${SITE}/coach/${thread!.id}`;
  const visitor = await run(() => threadLoader(args(new Request(url), { threadId: thread!.id })));
  expect(visitor.status).toBe(302);
  expect(visitor.location).toContain("/login?redirectTo=");
  const other = await member();
  const stranger = await run(() =>
    threadLoader(
      args(new Request(url, { headers: { cookie: other.cookie } }), { threadId: thread!.id }),
    ),
  );
  expect(stranger.status).toBe(404);
  const byLink = await run(() =>
    threadLoader(args(new Request(coachThreadLink(thread!.id)), { threadId: thread!.id })),
  );
  expect(byLink.status).toBe(200);
  expect(byLink.data).toMatchObject({ owner: false, signedIn: false });
  expect((byLink.data as { photoKey?: string }).photoKey).toBeTruthy();
  // A stranger's reply is refused even with the link: replying needs the member signed in.
  const form = new FormData();
  form.set("intent", "reply");
  form.set("requestKey", crypto.randomUUID());
  form.set("body", "Not my thread");
  const reply = await run(() =>
    threadAction(
      args(new Request(url, { method: "POST", headers: { cookie: other.cookie }, body: form }), {
        threadId: thread!.id,
      }),
    ),
  );
  expect(reply.status).toBe(404);
});

test("a reply re-opens an answered thread with a new due time; notes stay with the coaches; consent is asked once", async () => {
  const m = await member();
  await ask(m.cookie, {
    requestKey: crypto.randomUUID(),
    topic: "watering",
    body: "My lettuces wilt by noon.",
  });
  const [thread] = await threadsOf(m.id);
  // A coach's answer and internal note, as the coach inbox writes them.
  const answeredAt = new Date(thread!.createdAt.getTime() + 1000);
  await db()
    .insert(coachMessages)
    .values([
      {
        threadId: thread!.id,
        kind: "note",
        body: "Check their region: Canterbury nor'wester.",
        requestKey: crypto.randomUUID(),
      },
      {
        threadId: thread!.id,
        kind: "coach",
        authorName: "Aroha, your Patch coach",
        body: "Water deeply at dawn and mulch with straw.",
        requestKey: crypto.randomUUID(),
        createdAt: answeredAt,
      },
    ]);
  await db()
    .update(coachThreads)
    .set({ state: "answered", firstAnsweredAt: answeredAt, waitingSince: null, dueAt: null })
    .where(eq(coachThreads.id, thread!.id));

  const url = `${SITE}/coach/${thread!.id}`;
  const load = () =>
    run(() =>
      threadLoader(
        args(new Request(url, { headers: { cookie: m.cookie } }), { threadId: thread!.id }),
      ),
    );
  const page = (await load()).data as { thread: { messages: { kind: string; body: string }[] } };
  expect(page.thread.messages.map((x) => x.kind)).toEqual(["member", "coach"]);
  expect(JSON.stringify(page)).not.toContain("nor'wester");

  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return run(() =>
      threadAction(
        args(new Request(url, { method: "POST", headers: { cookie: m.cookie }, body: form }), {
          threadId: thread!.id,
        }),
      ),
    );
  };
  expect((await post({ intent: "consent", consent: "yes" })).status).toBe(302);
  expect((await post({ intent: "consent", consent: "no" })).status).toBe(409);
  const key = crypto.randomUUID();
  const before = Date.now();
  expect(
    (await post({ intent: "reply", requestKey: key, body: "Thanks! And the tomatoes?" })).status,
  ).toBe(302);
  expect(
    (await post({ intent: "reply", requestKey: key, body: "Thanks! And the tomatoes?" })).status,
  ).toBe(302);
  const [after] = await threadsOf(m.id);
  expect(after).toMatchObject({ state: "waiting", shareConsent: true });
  expect(after!.waitingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(after!.dueAt).toEqual(answerDueBy(after!.waitingSince!));
  const members = await db()
    .select()
    .from(coachMessages)
    .where(eq(coachMessages.threadId, thread!.id));
  expect(members.filter((x) => x.kind === "member")).toHaveLength(2);

  expect((await post({ intent: "close" })).status).toBe(302);
  const [closed] = await threadsOf(m.id);
  expect(closed!.state).toBe("closed");
  const late = await post({
    intent: "reply",
    requestKey: crypto.randomUUID(),
    body: "One more thing",
  });
  expect(late.status).toBe(409);
  expect(late.data).toMatchObject({ message: COACH_MESSAGES.alreadyClosed });

  const list = await run(() =>
    listLoader(args(new Request(`${SITE}/coach`, { headers: { cookie: m.cookie } }))),
  );
  expect((list.data as { threads: { state: string; question: string }[] }).threads).toEqual([
    expect.objectContaining({ state: "closed", question: "My lettuces wilt by noon." }),
  ]);
});
