// Coaches (issue 41, ADR 071): a COACH_EMAILS address, once confirmed, opens the coach inbox and a
// question, and is refused every other admin page and admin action exactly as a member is (home,
// with the spec's toast); a member is refused the inbox. What a coach's page is given holds the
// member's garden, town and boxes, never their card or password.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { authAccounts, boxes, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import * as adminHome from "#app/routes/admin/home.tsx";
import * as adminOrders from "#app/routes/admin/orders.tsx";
import * as adminUsers from "#app/routes/admin/users.tsx";
import * as coachReplies from "#app/routes/admin/coach-replies.tsx";
import * as coachFaq from "#app/routes/admin/coach-faq.tsx";
import * as coachInbox from "#app/routes/admin/coach.tsx";
import * as coachThread from "#app/routes/admin/coach-thread.tsx";
import { confirmedAccount, cookieHeader, requestMetas } from "#tests/factories/accounts.ts";
import { insertCoachThread } from "#tests/factories/coaching.ts";
import { insertSavedGarden } from "#tests/factories/gardens.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";

const SITE = "https://patch.test";
const PASSWORD = "kakapo boom in the night";
testServices({
  settings: { COACH_EMAILS: "Coach.Mere@patch.test, other.coach@patch.test" },
  emptyBeforeEach: true,
});

async function cookieOf(email: string): Promise<string> {
  await confirmedAccount(email, PASSWORD);
  const outcome = await signIn({
    input: { email, password: PASSWORD },
    meta: requestMetas("198.51.100")(),
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return cookieHeader(outcome.cookies);
}

interface Answer {
  status: number;
  location: string | null;
  toast: string | null;
  data: unknown;
}

async function answer(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const cookie = value.headers.get("set-cookie")?.split(";")[0];
    const toast = cookie
      ? (await readToast(new Request(SITE, { headers: { cookie } }))).toast?.message
      : null;
    return {
      status: value.status,
      location: value.headers.get("location"),
      toast: toast ?? null,
      data: null,
    };
  }
  const init = (value as { init?: ResponseInit | null } | null)?.init;
  const data = (value as { data?: unknown } | null)?.data ?? value;
  return { status: init?.status ?? 200, location: null, toast: null, data };
}

type Handler = (args: { request: Request; params: Record<string, string> }) => unknown;
const get = (handler: Handler, path: string, cookie: string, params: Record<string, string> = {}) =>
  answer(() =>
    handler({ request: new Request(`${SITE}${path}`, { headers: { cookie } }), params }),
  );
const post = (handler: Handler, path: string, cookie: string, form: Record<string, string>) =>
  answer(() =>
    handler({
      request: new Request(`${SITE}${path}`, {
        method: "POST",
        headers: { cookie, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
      params: {},
    }),
  );

const refusedAsMember = { status: 302, location: "/", toast: MESSAGES.noPermission };

test("a coach is refused the admin's pages and actions as a member is, and opens the coach inbox", async () => {
  const coach = await cookieOf("coach.mere@patch.test");
  const member = await cookieOf("kiri@example.nz");
  const [victim] = await db().select().from(users).where(eq(users.email, "kiri@example.nz"));

  for (const [handler, path] of [
    [adminHome.loader, "/admin"],
    [adminOrders.loader, "/admin/orders"],
    [adminUsers.loader, "/admin/users"],
    [coachReplies.loader, "/admin/coach/replies"],
    [coachFaq.loader, "/admin/coach/faq"],
  ] as [Handler, string][]) {
    expect(await get(handler, path, coach), path).toMatchObject(refusedAsMember);
  }
  // An admin action: signing a member out everywhere. Refused, and the member still signed in.
  expect(
    await post(adminUsers.action as Handler, "/admin/users", coach, {
      intent: "sign-out",
      userId: victim!.id,
    }),
  ).toMatchObject(refusedAsMember);
  expect(await get(coachInbox.loader as Handler, "/admin/coach", member)).toMatchObject(
    refusedAsMember,
  );
  expect((await get(coachInbox.loader as Handler, "/admin/coach", member)).data).toBeNull();

  const inbox = await get(coachInbox.loader as Handler, "/admin/coach", coach);
  expect(inbox.status).toBe(200);
  expect(inbox.data).toMatchObject({ coachOnly: true });
  // An admin is a coach too, and sees the admin's whole navigation (coachOnly false).
  const admin = await cookieOf("ops@example.com");
  await db().update(users).set({ role: "admin" }).where(eq(users.email, "ops@example.com"));
  expect((await get(coachInbox.loader as Handler, "/admin/coach", admin)).data).toMatchObject({
    coachOnly: false,
  });
});

test("an unconfirmed COACH_EMAILS address is refused the inbox", async () => {
  const cookie = await cookieOf("other.coach@patch.test");
  await db()
    .update(users)
    .set({ emailVerified: false })
    .where(eq(users.email, "other.coach@patch.test"));
  expect(await get(coachInbox.loader as Handler, "/admin/coach", cookie)).toMatchObject(
    refusedAsMember,
  );
});

test("beside a question, the coach sees the member's garden, town and last box; never card or password data", async () => {
  const coach = await cookieOf("coach.mere@patch.test");
  const { id: subscriptionId, userId } = await insertSubscription({ region: "Canterbury" });
  await db().update(users).set({ email: "aroha.ngata@example.nz" }).where(eq(users.id, userId));
  await insertSavedGarden(userId, ["cherry-tomato", "cos-lettuce", "courgette"]);
  await db()
    .insert(boxes)
    .values({
      subscriptionId,
      deliverOn: "2026-11-10",
      cutoffAt: new Date("2026-11-05T00:00:00Z"),
      status: "shipped",
      plan: "1m2",
      zone: "cool-south",
      items: [
        {
          itemId: "seedling-tomato",
          name: "Tomato seedlings",
          kind: "seedling",
          sizeClass: "large-seedling",
          quantity: 2,
        },
      ],
      amount: 3999,
      currency: "USD",
    });
  const thread = await insertCoachThread(userId, { gardenSquare: 1, topic: "pests" });

  const page = await get(coachThread.loader as Handler, `/admin/coach/${thread}`, coach, {
    threadId: thread,
  });
  expect(page.status).toBe(200);
  const data = page.data as Awaited<ReturnType<typeof coachThread.loader>>;
  expect(data.member.firstName).toBe("Aroha");
  expect(data.context.plan).toEqual({ size: "1m²", status: "active" });
  expect(data.context.region).toBe("Canterbury");
  expect(data.context.town.name).toBe("Auckland");
  expect(data.context.garden).toMatchObject({ columns: 3, rows: 3, asked: 1 });
  expect(data.context.garden!.squares[1]![0]).toMatch(/lettuce/i);
  expect(data.context.boxes.map((b) => b.items[0]!.name)).toEqual(["Tomato seedlings"]);
  expect(data.replies.length).toBeGreaterThan(3);

  const sent = JSON.stringify(data);
  const [password] = await db().select().from(authAccounts).where(eq(authAccounts.userId, userId));
  for (const secret of ["Visa ending 4242", "demo_pm_success", "demo_cus_", "12 Kowhai Road"])
    expect(sent).not.toContain(secret);
  if (password?.password) expect(sent).not.toContain(password.password);
  expect(sent).not.toContain("aroha.ngata@example.nz");

  // Not a thread: 404, and a hostile id too.
  expect(
    (await get(coachThread.loader as Handler, "/admin/coach/x", coach, { threadId: "'; --" }))
      .status,
  ).toBe(404);
});
