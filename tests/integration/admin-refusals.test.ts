// Every admin page, data endpoint and action, asked by a stranger and by a signed-in member with
// everything a real request needs: each is refused as SPEC §2 says (a stranger to /login, a
// member home with the spec's toast; endpoints 401 and 403), and nothing in the database, the
// queue or the mail changes. The same request from an admin then works, so the refusals are the
// guard's doing and not a malformed request's.
import { testCard } from "#tests/factories/cards.ts";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import {
  boxes,
  contacts,
  orders as ordersTable,
  products,
  sessions,
  users,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { closeMail } from "#app/lib/mail.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { grantAdminRightsIfListed } from "#app/modules/accounts/grant-admin-rights.server.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { newZealandMonth } from "#app/modules/growing-tips/tips-month.ts";
import * as adminHome from "#app/routes/admin/home.tsx";
import * as adminOrder from "#app/routes/admin/order.tsx";
import * as adminOrders from "#app/routes/admin/orders.tsx";
import * as adminProduct from "#app/routes/admin/product.tsx";
import * as adminProductNew from "#app/routes/admin/product-new.tsx";
import * as adminProducts from "#app/routes/admin/products.tsx";
import * as adminStats from "#app/routes/admin/stats.ts";
import * as adminTips from "#app/routes/admin/tips.tsx";
import * as adminTipsPreview from "#app/routes/admin/tips-preview.ts";
import * as adminUsers from "#app/routes/admin/users.tsx";
import * as adminWaitlist from "#app/routes/admin/waitlist.tsx";
import * as adminWaitlistCsv from "#app/routes/admin/waitlist-csv.ts";
import * as adminBoxes from "#app/routes/admin/boxes.tsx";
import * as adminBoxesPickList from "#app/routes/admin/boxes-pick-list-csv.ts";
import * as adminSubscription from "#app/routes/admin/subscription.tsx";
import * as adminSubscriptions from "#app/routes/admin/subscriptions.tsx";
import * as adminCredits from "#app/routes/admin/credits.tsx";
import * as adminMoney from "#app/routes/admin/money.tsx";
import * as adminSuppressions from "#app/routes/admin/suppressions.tsx";
import { suppress } from "#app/lib/mail-suppressions.server.ts";
import * as adminGift from "#app/routes/admin/gift.tsx";
import * as adminGifts from "#app/routes/admin/gifts.tsx";
import * as adminChase from "#app/routes/admin/chase.tsx";
import * as adminForecast from "#app/routes/admin/forecast.tsx";
import * as adminForecastCsv from "#app/routes/admin/forecast-csv.ts";
import * as adminGst from "#app/routes/admin/gst.tsx";
import * as adminShip from "#app/routes/admin/ship.tsx";
import * as adminShipBooking from "#app/routes/admin/ship-booking-csv.ts";
import * as adminGstCsv from "#app/routes/admin/gst-csv.ts";
import { buyGift } from "#app/modules/gifts/buy-gift.server.ts";
import { sendOnRange } from "#app/modules/gifts/gifts.schema.ts";
import { addDays } from "#app/modules/subscriptions/box-dates.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { jobs } from "#server/jobs.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { startSmtp, type TestSmtp } from "#tests/setup/smtp.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const SITE = "https://patch.test";
const PASSWORD = "kakapo boom in the night";
let t: TestDatabase;
let smtp: TestSmtp;
let adminCookie: string;
let memberCookie: string;

async function account(email: string): Promise<{ id: string; cookie: string }> {
  const made = await accountsAuth().api.signUpEmail({
    body: { email, password: PASSWORD, name: "" },
  });
  const [user] = await db()
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning();
  // Confirmed by its owner, as the link or a reset would: an admin address gets its rights (ADR 020).
  await grantAdminRightsIfListed(user!);
  // Its welcome e-mail has gone before the test counts what the requests send.
  const until = Date.now() + 10_000;
  while (!smtp.messages.some((m) => m.to === email)) {
    if (Date.now() > until) throw new Error(`no welcome e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const outcome = await signIn({
    input: { email, password: PASSWORD },
    meta: { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.20" },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return { id: made.user.id, cookie: outcome.cookies.map((c) => c.split(";")[0]).join("; ") };
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await openTestDatabase({ SITE_URL: SITE, SMTP_URL: smtp.url });
  await startQueue(t.handle, { connectionString: t.url });
  // Queues only, no workers: whatever a request queued stays in the queue to be seen.
  await createQueues(jobs);
  adminCookie = (await account("ops@example.com")).cookie;
  memberCookie = (await account("gardener@example.nz")).cookie;
});
afterAll(async () => {
  closeMail();
  await stopQueue();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** Every row of every table of ours, and every job in the queue, in a stable order. */
async function everything(): Promise<string> {
  const tables = (await db().execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const dump: Record<string, string[]> = {};
  for (const { tablename } of tables.rows) {
    const rows = (await db().execute(
      sql`select * from ${sql.identifier(tablename)}`,
    )) as unknown as { rows: unknown[] };
    dump[tablename] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  const queued = (await db().execute(
    sql`select name, state, data from pgboss.job order by name, id`,
  )) as unknown as { rows: unknown[] };
  dump["pgboss.job"] = queued.rows.map((r) => JSON.stringify(r));
  return JSON.stringify(dump);
}

interface Answer {
  status: number;
  location: string | null;
  toast: string | null;
  body: string;
}

/** What a route module's loader or action answered, thrown (redirects) or returned. */
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
      body: await value.text(),
    };
  }
  // data(body, { status }) from react-router
  const init = (value as { init?: ResponseInit | null } | null)?.init;
  return { status: init?.status ?? 200, location: null, toast: null, body: JSON.stringify(value) };
}

type Fields = Record<string, string>;
type Handler = (args: { request: Request; params: Record<string, string> }) => unknown;

const asRoute = (handler: unknown) => handler as Handler;

function ask(
  handler: unknown,
  path: string,
  params: Record<string, string> = {},
  form?: Fields,
): (cookie?: string) => Promise<Answer> {
  return (cookie) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const request = form
      ? new Request(`${SITE}${path}`, {
          method: "POST",
          headers: {
            ...headers,
            origin: SITE,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(form),
        })
      : new Request(`${SITE}${path}`, { headers });
    return answer(() => asRoute(handler)({ request, params }));
  };
}

/** A confirmed contact the request could export, delete or e-mail. */
async function contact(region = "Otago"): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `waiting.${id.slice(0, 8)}@example.nz`;
  await db()
    .insert(contacts)
    .values({ id, email, region, address: { state: region }, confirmedAt: new Date() });
  return { id, email };
}

async function paidOrder(): Promise<string> {
  const product = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(product);
  const placed = await placeOrder(
    {
      idempotencyKey: randomUUID(),
      name: "Kiri",
      email: "kiri@example.nz",
      address: { street: "3 Nīkau Place", city: "Napier", region: "Hawke's Bay", postcode: "4110" },
      shippingMethod: "standard",
      items: [{ productId: product.id!, quantity: 1, price: 2000 }],
      card: testCard("success"),
    },
    { ip: "198.51.100.7" },
  );
  if (!placed.ok) throw new Error("expected a paid order");
  return placed.orderId;
}

/** A paid gift (the demo card) whose recipient hears in a week. */
async function paidGift(): Promise<string> {
  const bought = await buyGift(
    {
      idempotencyKey: randomUUID(),
      plan: "1m2",
      months: "3",
      recipientName: "Mere",
      recipientEmail: "mere@example.nz",
      recipientRegion: "Auckland",
      sendOn: addDays(sendOnRange().min, 7),
      buyerName: "Hemi",
      buyerEmail: "hemi@example.nz",
      card: testCard("success"),
    },
    { ip: `198.51.100.${Math.floor(Math.random() * 250)}` },
  );
  if (!bought.ok) throw new Error(bought.message);
  return bought.giftId;
}

async function product(): Promise<string> {
  const made = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(made);
  return made.id!;
}

/** Someone an admin could suspend, restore or sign out (signed in, so they have a session). */
async function someone(state: { banned?: boolean } = {}): Promise<string> {
  const { id } = await account(`someone.${randomUUID().slice(0, 8)}@example.nz`);
  if (state.banned) await db().update(users).set({ banned: true }).where(eq(users.id, id));
  return id;
}

interface Case {
  name: string;
  /** A page (redirects), or a data endpoint (answers 401 and 403). */
  kind: "page" | "endpoint";
  path: string;
  /** Makes what the request is about; answers the request to make. */
  prepare(): Promise<(cookie?: string) => Promise<Answer>>;
  /** An action: the admin's same request changes something. */
  changes?: boolean;
}

const cases: Case[] = [
  {
    name: "GET /admin",
    kind: "page",
    path: "/admin",
    prepare: async () => ask(adminHome.loader, "/admin"),
  },
  {
    name: "GET /admin/stats",
    kind: "endpoint",
    path: "/admin/stats",
    prepare: async () => ask(adminStats.loader, "/admin/stats"),
  },
  {
    name: "GET /admin/orders",
    kind: "page",
    path: "/admin/orders?status=paid",
    prepare: async () => {
      await paidOrder();
      return ask(adminOrders.loader, "/admin/orders?status=paid");
    },
  },
  {
    name: "GET /admin/orders/{id}",
    kind: "page",
    path: "/admin/orders/{id}",
    prepare: async () => {
      const id = await paidOrder();
      return ask(adminOrder.loader, `/admin/orders/${id}`, { id });
    },
  },
  {
    name: "POST /admin/orders/{id} (change its status)",
    kind: "page",
    path: "/admin/orders/{id}",
    changes: true,
    prepare: async () => {
      const id = await paidOrder();
      return ask(adminOrder.action, `/admin/orders/${id}`, { id }, { status: "packed" });
    },
  },
  {
    name: "POST /admin/orders/{id} intent=refund (a refund that asked first)",
    kind: "page",
    path: "/admin/orders/{id}",
    changes: true,
    prepare: async () => {
      const id = await paidOrder();
      const [order] = await db().select().from(ordersTable).where(eq(ordersTable.id, id));
      return ask(
        adminOrder.action,
        `/admin/orders/${id}`,
        { id },
        {
          intent: "refund",
          amount: String(order!.total),
          reason: "Wilted on arrival",
          requestKey: randomUUID(),
        },
      );
    },
  },
  {
    name: "GET /admin/gst?from=…&to=… (the GST return)",
    kind: "page",
    path: "/admin/gst",
    prepare: async () => ask(adminGst.loader, "/admin/gst?from=2026-09-01&to=2026-10-31"),
  },
  {
    name: "GET /admin/gst.csv",
    kind: "endpoint",
    path: "/admin/gst.csv",
    prepare: async () => ask(adminGstCsv.loader, "/admin/gst.csv?from=2026-09-01&to=2026-10-31"),
  },
  {
    name: "GET /admin/forecast",
    kind: "page",
    path: "/admin/forecast",
    prepare: async () => ask(adminForecast.loader, "/admin/forecast"),
  },
  {
    name: "GET /admin/forecast.csv",
    kind: "endpoint",
    path: "/admin/forecast.csv",
    prepare: async () => ask(adminForecastCsv.loader, "/admin/forecast.csv"),
  },
  {
    name: "GET /admin/ship?day=… (a packing run)",
    kind: "page",
    path: "/admin/ship",
    prepare: async () => ask(adminShip.loader, "/admin/ship?day=2026-12-08"),
  },
  {
    name: "GET /admin/ship/booking.csv",
    kind: "endpoint",
    path: "/admin/ship/booking.csv",
    prepare: async () =>
      ask(adminShipBooking.loader, "/admin/ship/booking.csv?day=2026-12-08&courier=nz-post"),
  },
  {
    name: "POST /admin/ship intent=pack",
    kind: "page",
    path: "/admin/ship",
    prepare: async () =>
      ask(adminShip.action, "/admin/ship", {}, { intent: "pack", day: "2026-12-08" }),
  },
  {
    name: "GET /admin/chase (failed payments)",
    kind: "page",
    path: "/admin/chase",
    prepare: async () => ask(adminChase.loader, "/admin/chase"),
  },
  {
    name: "POST /admin/chase (a card-update reminder)",
    kind: "page",
    path: "/admin/chase",
    changes: true,
    prepare: async () => {
      const { id } = await insertSubscription();
      const [box] = await db()
        .insert(boxes)
        .values({
          subscriptionId: id,
          deliverOn: "2026-12-08",
          cutoffAt: new Date("2026-12-03T00:00:00Z"),
          status: "payment_failed",
          plan: "1m2",
          zone: "warm-north",
          items: [],
          amount: 5900,
          currency: "USD",
          attempts: 1,
        })
        .returning();
      return ask(adminChase.action, "/admin/chase", {}, { boxId: box!.id });
    },
  },
  {
    name: "GET /admin/products",
    kind: "page",
    path: "/admin/products",
    prepare: async () => ask(adminProducts.loader, "/admin/products"),
  },
  {
    name: "POST /admin/products (edit a product)",
    kind: "page",
    path: "/admin/products",
    changes: true,
    prepare: async () => {
      const id = await product();
      return ask(
        adminProducts.action,
        "/admin/products",
        {},
        {
          id,
          price: "0.50",
          stockQuantity: "90000",
          summary: "Half price",
          description: "Changed by whoever asked",
          active: "on",
        },
      );
    },
  },
  {
    name: "GET /admin/products?q=…&category=… (find)",
    kind: "page",
    path: "/admin/products",
    prepare: async () => ask(adminProducts.loader, "/admin/products?q=test&category=Tools"),
  },
  {
    name: "GET /admin/products/{id}",
    kind: "page",
    path: "/admin/products/{id}",
    prepare: async () => {
      const id = await product();
      return ask(adminProduct.loader, `/admin/products/${id}`, { id });
    },
  },
  {
    name: "POST /admin/products/{id} (save)",
    kind: "page",
    path: "/admin/products/{id}",
    changes: true,
    prepare: async () => {
      const id = await product();
      return ask(
        adminProduct.action,
        `/admin/products/${id}`,
        { id },
        {
          intent: "save",
          price: "0.50",
          stockQuantity: "90000",
          summary: "Half price",
          description: "Changed by whoever asked",
        },
      );
    },
  },
  {
    name: "POST /admin/products/{id} intent=archive",
    kind: "page",
    path: "/admin/products/{id}",
    changes: true,
    prepare: async () => {
      const id = await product();
      return ask(adminProduct.action, `/admin/products/${id}`, { id }, { intent: "archive" });
    },
  },
  {
    name: "POST /admin/products/{id} intent=restore",
    kind: "page",
    path: "/admin/products/{id}",
    changes: true,
    prepare: async () => {
      const id = await product();
      await db().update(products).set({ active: false }).where(eq(products.id, id));
      return ask(adminProduct.action, `/admin/products/${id}`, { id }, { intent: "restore" });
    },
  },
  {
    name: "POST /admin/products/{id} intent=add-pictures (multipart)",
    kind: "page",
    path: "/admin/products/{id}",
    changes: true,
    prepare: async () => {
      const id = await product();
      const jpeg = await sharp({
        create: { width: 600, height: 600, channels: 3, background: "#4c7a3d" },
      })
        .jpeg()
        .toBuffer();
      return (cookie) => {
        const body = new FormData();
        body.set("intent", "add-pictures");
        body.set("pictures", new File([new Uint8Array(jpeg)], "leaf.jpg", { type: "image/jpeg" }));
        const request = new Request(`${SITE}/admin/products/${id}`, {
          method: "POST",
          headers: { ...(cookie ? { cookie } : {}), origin: SITE },
          body,
        });
        return answer(() => asRoute(adminProduct.action)({ request, params: { id } }));
      };
    },
  },
  {
    name: "POST /admin/products/{id} intent=remove-picture",
    kind: "page",
    path: "/admin/products/{id}",
    changes: true,
    prepare: async () => {
      const made = buildProduct({ images: ["/images/products/hand-trowel"] });
      await db().insert(products).values(made);
      return ask(
        adminProduct.action,
        `/admin/products/${made.id}`,
        { id: made.id! },
        { intent: "remove-picture", base: "/images/products/hand-trowel" },
      );
    },
  },
  {
    name: "GET /admin/products/new",
    kind: "page",
    path: "/admin/products/new",
    prepare: async () => ask(adminProductNew.loader, "/admin/products/new"),
  },
  {
    name: "POST /admin/products/new (add a product)",
    kind: "page",
    path: "/admin/products/new",
    changes: true,
    prepare: async () =>
      ask(
        adminProductNew.action,
        "/admin/products/new",
        {},
        {
          name: `Added by whoever asked ${randomUUID().slice(0, 6)}`,
          category: "Tools",
          price: "1.00",
          stockQuantity: "5",
          summary: "Sneaked in",
          description: "Sneaked in",
        },
      ),
  },
  {
    name: "GET /admin/waitlist",
    kind: "page",
    path: "/admin/waitlist",
    prepare: async () => {
      await contact();
      return ask(adminWaitlist.loader, "/admin/waitlist");
    },
  },
  {
    name: "GET /admin/waitlist.csv (the export)",
    kind: "endpoint",
    path: "/admin/waitlist.csv",
    prepare: async () => {
      const { email } = await contact("Northland");
      const request = ask(adminWaitlistCsv.loader, "/admin/waitlist.csv?region=Northland");
      return async (cookie) => {
        const got = await request(cookie);
        // Whoever is refused gets no part of the list.
        if (got.status !== 200) expect(got.body).not.toContain(email);
        else expect(got.body).toContain(email);
        return got;
      };
    },
  },
  {
    name: "POST /admin/waitlist intent=delete",
    kind: "page",
    path: "/admin/waitlist",
    changes: true,
    prepare: async () => {
      const { id } = await contact();
      return ask(
        adminWaitlist.action,
        "/admin/waitlist",
        {},
        { intent: "delete", id, confirm: "yes" },
      );
    },
  },
  {
    name: "POST /admin/waitlist intent=launch",
    kind: "page",
    path: "/admin/waitlist",
    changes: true,
    prepare: async () => {
      await contact("Marlborough");
      return ask(
        adminWaitlist.action,
        "/admin/waitlist",
        {},
        { intent: "launch", region: "Marlborough", confirm: "yes" },
      );
    },
  },
  {
    name: "POST /admin/waitlist intent=open",
    kind: "page",
    path: "/admin/waitlist",
    changes: true,
    prepare: async () => {
      await contact("Nelson");
      return ask(
        adminWaitlist.action,
        "/admin/waitlist",
        {},
        { intent: "open", region: "Nelson", confirm: "yes" },
      );
    },
  },
  {
    name: "POST /admin/waitlist intent=start-wave",
    kind: "page",
    path: "/admin/waitlist",
    changes: true,
    prepare: async () => {
      await contact("West Coast");
      return ask(
        adminWaitlist.action,
        "/admin/waitlist",
        {},
        { intent: "start-wave", region: "West Coast", spots: "5", confirm: "yes" },
      );
    },
  },
  {
    name: "GET /admin/users",
    kind: "page",
    path: "/admin/users",
    prepare: async () => ask(adminUsers.loader, "/admin/users?q=someone"),
  },
  {
    name: "POST /admin/users intent=ban",
    kind: "page",
    path: "/admin/users",
    changes: true,
    prepare: async () => {
      const userId = await someone();
      return ask(adminUsers.action, "/admin/users", {}, { intent: "ban", userId, reason: "spam" });
    },
  },
  {
    name: "POST /admin/users intent=unban",
    kind: "page",
    path: "/admin/users",
    changes: true,
    prepare: async () => {
      const userId = await someone({ banned: true });
      return ask(adminUsers.action, "/admin/users", {}, { intent: "unban", userId });
    },
  },
  {
    name: "POST /admin/users intent=sign-out",
    kind: "page",
    path: "/admin/users",
    changes: true,
    prepare: async () => {
      const userId = await someone();
      expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
      return ask(adminUsers.action, "/admin/users", {}, { intent: "sign-out", userId });
    },
  },
  {
    name: "GET /admin/tips",
    kind: "page",
    path: "/admin/tips",
    prepare: async () => ask(adminTips.loader, "/admin/tips"),
  },
  {
    name: "GET /admin/tips/preview",
    kind: "endpoint",
    path: "/admin/tips/preview",
    prepare: async () =>
      ask(
        adminTipsPreview.loader,
        `/admin/tips/preview?month=${newZealandMonth(1)}&zone=warm-north`,
      ),
  },
  {
    name: "POST /admin/tips intent=send",
    kind: "page",
    path: "/admin/tips",
    changes: true,
    prepare: async () => {
      await contact("Canterbury");
      return ask(
        adminTips.action,
        "/admin/tips",
        {},
        { intent: "send", month: newZealandMonth(1), zone: "", confirm: "yes" },
      );
    },
  },
  {
    name: "GET /admin/boxes",
    kind: "page",
    path: "/admin/boxes",
    prepare: async () => ask(adminBoxes.loader, "/admin/boxes?month=1&zone=temperate&plan=1m2"),
  },
  {
    name: "GET /admin/boxes/pick-list.csv",
    kind: "endpoint",
    path: "/admin/boxes/pick-list.csv",
    prepare: async () =>
      ask(adminBoxesPickList.loader, "/admin/boxes/pick-list.csv?day=2027-01-08"),
  },
  {
    name: "POST /admin/boxes (save a box's contents)",
    kind: "page",
    path: "/admin/boxes",
    changes: true,
    prepare: async () => {
      await seedDemoData(db(), settings());
      return ask(
        adminBoxes.action,
        "/admin/boxes",
        {},
        { month: "1", zone: "temperate", plan: "1m2", itemId: "seed-carrot", quantity: "2" },
      );
    },
  },
  {
    name: "GET /admin/subscriptions (figures, found and filtered)",
    kind: "page",
    path: "/admin/subscriptions",
    prepare: async () => {
      await insertSubscription();
      return ask(adminSubscriptions.loader, "/admin/subscriptions?q=aroha&status=active");
    },
  },
  {
    name: "GET /admin/subscriptions/{id}",
    kind: "page",
    path: "/admin/subscriptions/{id}",
    prepare: async () => {
      const { id } = await insertSubscription();
      return ask(adminSubscription.loader, `/admin/subscriptions/${id}`, { id });
    },
  },
  // The admin's moves, and the changes they make for a member on the phone (issue 40).
  ...(
    [
      ["skip", {}],
      ["pause", { pauseFor: "1" }],
      ["cancel", { reason: "other" }],
      ["plan", { plan: "2m2" }],
      ["week", { deliveryWeek: "4" }],
      ["credit", { amount: "5", reason: "Late box" }],
    ] as const
  ).map(([intent, fields]): Case => ({
    name: `POST /admin/subscriptions/{id} intent=${intent}`,
    kind: "page",
    path: "/admin/subscriptions/{id}",
    changes: true,
    prepare: async () => {
      const { id } = await insertSubscription();
      return ask(
        adminSubscription.action,
        `/admin/subscriptions/${id}`,
        { id },
        { intent, requestKey: randomUUID(), ...fields },
      );
    },
  })),
  {
    name: "GET /admin/credits?q=… (a member's credit)",
    kind: "page",
    path: "/admin/credits",
    prepare: async () => {
      await someone();
      return ask(adminCredits.loader, "/admin/credits?q=gardener%40example.nz");
    },
  },
  {
    name: "POST /admin/credits intent=grant",
    kind: "page",
    path: "/admin/credits",
    changes: true,
    prepare: async () => {
      const userId = await someone();
      return ask(
        adminCredits.action,
        "/admin/credits",
        {},
        { intent: "grant", userId, amount: "25", reason: "Goodwill", requestKey: randomUUID() },
      );
    },
  },
  {
    name: "POST /admin/credits intent=take-back",
    kind: "page",
    path: "/admin/credits",
    changes: true,
    prepare: async () => {
      const userId = await someone();
      const input = { userId, amount: "25", reason: "Goodwill", requestKey: randomUUID() };
      expect(await grantCredit({ input, admin: { id: "setup" } })).toMatchObject({ ok: true });
      return ask(
        adminCredits.action,
        "/admin/credits",
        {},
        { ...input, intent: "take-back", amount: "10", requestKey: randomUUID() },
      );
    },
  },
  {
    name: "GET /admin/money (money owed, the reconciliation)",
    kind: "page",
    path: "/admin/money",
    prepare: async () => ask(adminMoney.loader, "/admin/money"),
  },
  {
    name: "POST /admin/money (reconcile a day)",
    kind: "page",
    path: "/admin/money",
    changes: true,
    prepare: async () => ask(adminMoney.action, "/admin/money", {}, { day: "2026-11-30" }),
  },
  {
    name: "GET /admin/suppressions?q=… (the suppression list)",
    kind: "page",
    path: "/admin/suppressions",
    prepare: async () => {
      await suppress([
        {
          address: "bounced@example.nz",
          reason: "bounce",
          source: "postmark",
          occurredAt: new Date(),
        },
      ]);
      return ask(adminSuppressions.loader, "/admin/suppressions?q=bounced");
    },
  },
  {
    name: "POST /admin/suppressions intent=remove",
    kind: "page",
    path: "/admin/suppressions",
    changes: true,
    prepare: async () => {
      const address = `removed.${randomUUID().slice(0, 8)}@example.nz`;
      await suppress([{ address, reason: "complaint", source: "ses", occurredAt: new Date() }]);
      return ask(
        adminSuppressions.action,
        "/admin/suppressions",
        {},
        { intent: "remove", address },
      );
    },
  },
  {
    name: "GET /admin/gifts?q=…&status=… (found and filtered)",
    kind: "page",
    path: "/admin/gifts",
    prepare: async () => {
      await paidGift();
      return ask(adminGifts.loader, "/admin/gifts?q=hemi&status=paid");
    },
  },
  {
    name: "GET /admin/gifts/{id}",
    kind: "page",
    path: "/admin/gifts/{id}",
    prepare: async () => {
      const id = await paidGift();
      return ask(adminGift.loader, `/admin/gifts/${id}`, { id });
    },
  },
  ...(["resend", "change", "refund"] as const).map((intent): Case => ({
    name: `POST /admin/gifts/{id} intent=${intent}`,
    kind: "page",
    path: "/admin/gifts/{id}",
    changes: true,
    prepare: async () => {
      const id = await paidGift();
      return ask(
        adminGift.action,
        `/admin/gifts/${id}`,
        { id },
        {
          intent,
          requestKey: randomUUID(),
          reason: "Asked by whoever",
          sendOn: addDays(sendOnRange().min, 30),
          recipientName: "Someone else",
          recipientEmail: "someone.else@example.nz",
        },
      );
    },
  })),
];

for (const c of cases) {
  test(`${c.name}: refused to a stranger and to a member, and nothing changes; an admin may`, async () => {
    const request = await c.prepare();
    smtp.messages.length = 0;
    const before = await everything();

    const stranger = await request();
    const member = await request(memberCookie);
    if (c.kind === "endpoint") {
      expect(stranger.status).toBe(401);
      expect(member.status).toBe(403);
    } else {
      expect(stranger).toMatchObject({ status: 302, toast: MESSAGES.pleaseLogIn });
      expect(stranger.location).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      expect(member).toMatchObject({ status: 302, location: "/", toast: MESSAGES.noPermission });
    }
    expect(await everything()).toBe(before);
    expect(smtp.messages).toEqual([]);

    const admin = await request(adminCookie);
    expect(admin.status === 200 || (admin.status === 302 && admin.location !== "/")).toBe(true);
    if (c.changes) expect(await everything()).not.toBe(before);
  });
}

test("an admin's subscription page: a malformed or unknown id is the 404 page, a refused move a 4xx", async () => {
  for (const id of ["not-a-uuid", "1' or '1'='1", randomUUID()]) {
    const page = await ask(adminSubscription.loader, "/admin/subscriptions/x", { id })(adminCookie);
    expect(page.status).toBe(404);
    const post = await ask(
      adminSubscription.action,
      "/admin/subscriptions/x",
      { id },
      { intent: "skip", requestKey: randomUUID() },
    )(adminCookie);
    expect(post.status).toBe(404);
  }
  const { id } = await insertSubscription({ overrides: { status: "paused" } });
  const skip = await ask(
    adminSubscription.action,
    `/admin/subscriptions/${id}`,
    { id },
    { intent: "skip", requestKey: randomUUID() },
  )(adminCookie);
  expect(skip.status).toBe(400);
  expect(skip.body).toContain("paused");
  const unknown = await ask(
    adminSubscription.action,
    `/admin/subscriptions/${id}`,
    { id },
    { intent: "delete-everything", requestKey: randomUUID() },
  )(adminCookie);
  expect(unknown.status).toBe(400);
  // A change for the member with a wrong field: 400 with the field's words, nothing changed.
  const running = await insertSubscription();
  const credit = await ask(
    adminSubscription.action,
    `/admin/subscriptions/${running.id}`,
    { id: running.id },
    { intent: "credit", requestKey: randomUUID(), amount: "lots", reason: "Late box" },
  )(adminCookie);
  expect(credit.status).toBe(400);
  expect(credit.body).toContain("Enter an amount like 5 or 12.50.");
});

test("an admin's gift page: a malformed or unknown id is the 404 page, a refused act a 4xx", async () => {
  for (const id of ["not-a-uuid", "1' or '1'='1", randomUUID()]) {
    const page = await ask(adminGift.loader, "/admin/gifts/x", { id })(adminCookie);
    expect(page.status).toBe(404);
    const post = await ask(
      adminGift.action,
      "/admin/gifts/x",
      { id },
      { intent: "refund", requestKey: randomUUID(), reason: "Asked" },
    )(adminCookie);
    expect(post.status).toBe(404);
  }
  const id = await paidGift();
  const refused = await ask(
    adminGift.action,
    `/admin/gifts/${id}`,
    { id },
    { intent: "refund", requestKey: randomUUID(), reason: "" },
  )(adminCookie);
  expect(refused.status).toBe(400);
  expect(refused.body).toContain("Please say why");
  const unknown = await ask(
    adminGift.action,
    `/admin/gifts/${id}`,
    { id },
    { intent: "delete-everything", requestKey: randomUUID(), reason: "Asked" },
  )(adminCookie);
  expect(unknown.status).toBe(400);
});
