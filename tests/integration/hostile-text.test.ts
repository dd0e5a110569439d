// Hostile text reaching each module's use-case (issue 17, finding 7): U+0000 and friends get the
// field's message at the schema boundary, and ids of the wrong shape name nothing, before any of
// it reaches PostgreSQL (which refuses NUL in text with an error, the 500 people used to see).
import { testCard } from "#tests/factories/cards.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contactConsents, contacts, products, profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { closeMail } from "#app/lib/mail.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { UNUSABLE_TEXT } from "#app/lib/zod.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import {
  banUser,
  searchUsers,
  signOutUserEverywhere,
} from "#app/modules/accounts/admin-users.server.ts";
import { resetPassword } from "#app/modules/accounts/reset-password.server.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import { saveAddress, updateProfile } from "#app/modules/accounts/update-profile.server.ts";
import { getProduct } from "#app/modules/catalog/get-product.server.ts";
import { updateProduct } from "#app/modules/catalog/update-product.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { listContacts, readContactFilters } from "#app/modules/waitlist/admin-waitlist.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { jobs } from "#server/jobs.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { startSmtp, type TestSmtp } from "#tests/setup/smtp.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

// Each order from its own address, so the checkout limits (ADR 021) never decide these tests.
let buyers = 0;
const buyer = () => ({ ip: `198.51.${Math.floor(++buyers / 250) + 20}.${buyers % 250}` });

const SITE = "https://patch.test";
const PASSWORD = "pukeko in the raupo swamp";
let t: TestDatabase;
let smtp: TestSmtp;
let ip = 0;
const meta = () => ({ request: new Request(`${SITE}/auth`), clientIp: `198.51.100.${++ip}` });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await openTestDatabase({ SMTP_URL: smtp.url, SITE_URL: SITE });
  // Orders and sign-ups queue their follow-ups in the same transaction; nothing works them here.
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues(jobs);
});
afterAll(async () => {
  closeMail();
  await stopQueue();
  await t.close();
  await smtp.close();
});

async function account(email: string) {
  const { user } = await accountsAuth().api.signUpEmail({
    body: { email, password: PASSWORD, name: "" },
  });
  return user;
}

test("accounts: NUL in the profile's name or the address gets the field's message", async () => {
  const user = await account("kereru@example.nz");
  expect(
    await updateProfile({ userId: user.id, input: { fullName: "Kererū\u0000", interests: [] } }),
  ).toEqual({
    ok: false,
    code: "invalid",
    message: "Please check the highlighted fields.",
    fieldErrors: { fullName: UNUSABLE_TEXT },
  });
  expect(
    await saveAddress({ userId: user.id, input: { street: "1 Kea\u0000 Street", city: "Nelson" } }),
  ).toEqual({
    ok: false,
    code: "invalid",
    message: "Please check the highlighted fields.",
    fieldErrors: { street: UNUSABLE_TEXT },
  });
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user.id));
  expect(profile?.fullName ?? null).toBeNull();
  expect(profile?.address.street).toBeUndefined();
});

test("accounts: a visitor's saved details with NUL or a lone surrogate don't reach the profile", async () => {
  const email = "piwakawaka@example.nz";
  const outcome = await signUp({
    input: {
      email,
      password: PASSWORD,
      // What the browser keeps in local storage (SPEC §4 userData), sent along at sign-up.
      userData: JSON.stringify({
        lastUpdated: "2026-11-01T00:00:00.000Z",
        address: { street: "2 Tūī\u0000 Road", city: "Nelson\uD800" },
      }),
    },
    meta: meta(),
  });
  expect(outcome.ok).toBe(true);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(JSON.stringify(profile?.address ?? {})).not.toMatch(/\\u0000|\uFFFD/);
});

test("accounts: a reset token that can't be one is refused without a database lookup", async () => {
  expect(await resetPassword({ token: "kea\u0000", password: PASSWORD })).toMatchObject({
    ok: false,
    code: "invalid",
    message: MESSAGES.resetLinkInvalid,
  });
});

test("accounts: an admin's suspension reason, user id and search are checked first", async () => {
  const admin = await account("ops.hostile@example.nz");
  const target = await account("weka@example.nz");
  expect(await banUser({ actor: admin, userId: target.id, reason: "spam\u0000" })).toEqual({
    ok: false,
    code: "invalid",
    message: UNUSABLE_TEXT,
  });
  expect(await banUser({ actor: admin, userId: "kea\u0000", reason: null })).toEqual({
    ok: false,
    code: "not-found",
    message: "That account no longer exists.",
  });
  expect(await signOutUserEverywhere({ actor: admin, userId: "weka\u0000" })).toMatchObject({
    ok: false,
  });
  const [row] = await db().select().from(users).where(eq(users.id, target.id));
  expect(row?.banned).toBeFalsy();
  // Unusable search text searches for nothing in particular: everyone, newest first.
  expect((await searchUsers("weka\u0000")).length).toBeGreaterThanOrEqual(2);
});

test("checkout: NUL in the name on an order gets the field's message", async () => {
  const product = buildProduct({ price: 1500, stockQuantity: 5 });
  await db().insert(products).values(product);
  const result = await placeOrder(
    {
      idempotencyKey: randomUUID(),
      name: "Aroha\u0000 Ngata",
      email: "aroha@example.nz",
      address: {
        street: "12 Kōwhai Street",
        suburb: "",
        city: "Hamilton",
        region: "Waikato",
        postcode: "3216",
        rural: false,
      },
      shippingMethod: "standard",
      items: [{ productId: product.id, quantity: 1, price: 1500 }],
      card: testCard("success"),
    },
    buyer(),
  );
  expect(result).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { name: UNUSABLE_TEXT },
  });
});

test("catalogue: NUL in a product's words is refused, and a path that can't be an id finds nothing", async () => {
  const product = buildProduct();
  await db().insert(products).values(product);
  const edit = { price: "9.90", stockQuantity: "3", description: "Plain words.", active: true };
  expect(await updateProduct(product.id, { ...edit, summary: "Sow\u0000 now" })).toEqual({
    ok: false,
    code: "invalid",
    message: UNUSABLE_TEXT,
    fieldErrors: { summary: UNUSABLE_TEXT },
  });
  expect(await updateProduct("kea\u0000", { ...edit, summary: "Fine" })).toEqual({
    ok: false,
    code: "not-found",
    message: "That product doesn't exist.",
  });
  expect(await getProduct("kea\u0000")).toBeNull();
});

test("orders: NUL in a tracking number gets a message, not a database error", async () => {
  const product = buildProduct({ price: 1200, stockQuantity: 5 });
  await db().insert(products).values(product);
  const placed = await placeOrder(
    {
      idempotencyKey: randomUUID(),
      name: "Mere Parata",
      email: "mere@example.nz",
      address: {
        street: "3 Rātā Lane",
        suburb: "",
        city: "Nelson",
        region: "Nelson",
        postcode: "7010",
        rural: false,
      },
      shippingMethod: "standard",
      items: [{ productId: product.id, quantity: 1, price: 1200 }],
      card: testCard("success"),
    },
    buyer(),
  );
  expect(placed).toMatchObject({ ok: true, status: "paid" });
  const orderId = (placed as { orderId: string }).orderId;
  expect(
    await changeOrderStatus(orderId, { status: "shipped", trackingNumber: "NZ\u0000123" }),
  ).toEqual({
    ok: false,
    code: "invalid",
    message: UNUSABLE_TEXT,
    fieldErrors: { trackingNumber: UNUSABLE_TEXT },
  });
});

test("waitlist: a form page with NUL is kept as /waitlist, and an admin's search with NUL finds all", async () => {
  const result = await joinWaitlist(
    { email: "kaka@example.nz", region: "Nelson" },
    { ip: "198.51.100.200", userAgent: "vitest", page: "/\u0000" },
  );
  expect(result.ok).toBe(true);
  const [consent] = await db()
    .select({ source: contactConsents.source })
    .from(contactConsents)
    .innerJoin(contacts, eq(contacts.id, contactConsents.contactId))
    .where(eq(contacts.email, "kaka@example.nz"));
  expect(consent?.source).toBe(`${SITE}/waitlist`);
  const list = await listContacts(readContactFilters(new URLSearchParams("q=kaka%00")));
  expect(list.total).toBeGreaterThanOrEqual(1);
});
