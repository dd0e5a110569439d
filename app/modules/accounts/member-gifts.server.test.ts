// A member's gifts in "Download my data" and when they delete their account (ADR 049), on a real
// database: the export has the gifts they bought (signed in, or by their address in any case) and
// redeemed, and never a code; deleting keeps each gift's money records but takes its personal
// parts: an open gift still goes to its recipient, a finished one loses the buyer's name, address
// and message, an unpaid one goes, and a redeemed one loses the recipient's address and name.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { gardens, gifts, subscriptions, users, type GiftStatus } from "#db/schema/index.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { db } from "#app/lib/db.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { signedInAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { deleteAccount } from "./delete-account.server.ts";
import { exportMyData } from "./export-my-data.server.ts";
import { FORGOTTEN } from "./member-gifts.server.ts";

testServices({ smtp: true });

const SITE = "https://patch.test";
const PASSWORD = "tūī sing at the dawn";
let ip = 0;
const meta = (cookie = "") => ({
  request: new Request(`${SITE}/profile`, { headers: { cookie, "user-agent": "vitest" } }),
  clientIp: `203.0.113.${++ip}`,
});

function gift(overrides: Partial<typeof gifts.$inferInsert> & { status: GiftStatus }) {
  const paid = overrides.status !== "pending_payment" && overrides.status !== "payment_failed";
  return {
    idempotencyKey: crypto.randomUUID(),
    buyerName: "Hemi Walker",
    buyerEmail: "someone.else@example.nz",
    recipientName: "Mere Tane",
    recipientEmail: "mere@example.nz",
    message: "Happy birthday!",
    plan: "1m2",
    months: 3,
    monthlyPrice: 3999,
    amount: 11997,
    gst: 1565,
    currency: "USD",
    sendOn: "2026-12-24",
    codeHash: crypto.randomUUID(),
    codeEnd: "P3WA",
    paymentProvider: "demo",
    paymentReference: `demo_${crypto.randomUUID()}`,
    paidAt: paid ? new Date("2026-11-25T02:00:00Z") : null,
    refundedAt: overrides.status === "refunded" ? new Date("2026-11-26T02:00:00Z") : null,
    ...overrides,
  };
}

test("the export has the gifts bought and redeemed, without codes; the garden's rotation memory and next season's items too", async () => {
  const email = "kereru.export@example.nz";
  const { id } = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const [signedInGift, byAddress, redeemed, forMe, stranger] = await db()
    .insert(gifts)
    .values([
      gift({ status: "paid", buyerUserId: id, buyerEmail: email }),
      gift({ status: "refunded", buyerEmail: "Kereru.Export@Example.NZ" }),
      gift({
        status: "paid",
        recipientEmail: email,
        redeemedAt: new Date(),
        redeemedBy: id,
        redeemedAs: "held",
        redeemedRegion: "Otago",
      }),
      // Bought for them and not redeemed: the buyer's (perhaps a surprise not sent yet).
      gift({ status: "paid", recipientEmail: email }),
      gift({ status: "paid" }),
    ])
    .returning();
  await db()
    .insert(gardens)
    .values({
      userId: id,
      boxSize: "0.5m2",
      columns: 2,
      rows: 2,
      squares: [["tomato"], [], [], []],
      lastSeason: [["bean"], [], [], []],
    });

  // A subscription, with the items of the next season's plan they accepted (ADR 045).
  const sub = await insertSubscription();
  await db()
    .update(subscriptions)
    .set({ userId: id, gardenItems: ["seed-carrot", "seedling-tomato"] })
    .where(eq(subscriptions.id, sub.id));

  const data = await exportMyData(id);
  expect(data!.subscriptions).toEqual([
    expect.objectContaining({
      id: sub.id,
      nextSeasonGardenItems: ["seed-carrot", "seedling-tomato"],
    }),
  ]);
  expect(data!.subscriptions[0]).not.toHaveProperty("providerCustomerId");
  expect(data!.giftsBought.map((g) => g.id).sort()).toEqual(
    [signedInGift!.id, byAddress!.id].sort(),
  );
  expect(data!.giftsBought.find((g) => g.id === byAddress!.id)).toMatchObject({
    status: "refunded",
    amount: 11997,
    gst: 1565,
    recipientName: "Mere Tane",
    message: "Happy birthday!",
  });
  expect(data!.giftsRedeemed).toEqual([
    expect.objectContaining({ id: redeemed!.id, redeemedAs: "held", region: "Otago" }),
  ]);
  const text = JSON.stringify(data);
  for (const g of [signedInGift!, byAddress!, redeemed!]) expect(text).not.toContain(g.codeHash);
  expect(text).not.toContain("P3WA");
  expect(text).not.toContain(forMe!.id);
  expect(text).not.toContain(stranger!.id);
  expect(data!.garden).toMatchObject({
    squares: [["tomato"], [], [], []],
    lastSeason: [["bean"], [], [], []],
  });
});

test("deleting the account keeps the gifts' money records and takes their personal parts", async () => {
  const email = "hoiho.delete@example.nz";
  const { id, cookie } = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const mine = { buyerUserId: id, buyerEmail: email, buyerName: "Hoiho" };
  const [open, redeemedOne, refunded, unpaid, redeemedByMe, other] = await db()
    .insert(gifts)
    .values([
      gift({ status: "paid", ...mine }),
      gift({
        status: "paid",
        ...mine,
        redeemedAt: new Date(),
        redeemedBy: "someone-else",
        redeemedAs: "credit",
      }),
      gift({ status: "refunded", ...mine }),
      gift({ status: "payment_failed", ...mine }),
      gift({
        status: "paid",
        recipientName: "Hoiho",
        recipientEmail: email,
        redeemedAt: new Date(),
        redeemedBy: id,
        redeemedAs: "subscription",
        redeemedRegion: "Otago",
        redeemedAddress: {
          street: "1 Penguin Place",
          city: "Dunedin",
          state: "Otago",
          zip: "9013",
          country: "NZ",
          rural: false,
        },
        redeemedWeek: 2,
      }),
      gift({ status: "paid" }),
    ])
    .returning();
  const { user } = await getCurrentUser(meta(cookie).request);
  expect(
    await deleteAccount({
      user: user!,
      input: { password: PASSWORD, confirm: "yes" },
      meta: meta(cookie),
    }),
  ).toMatchObject({ ok: true });
  expect(await db().select().from(users).where(eq(users.id, id))).toEqual([]);
  const now = async (g: { id: string }) =>
    (await db().select().from(gifts).where(eq(gifts.id, g.id)))[0];

  // Open: still goes to its recipient on its day; a refund can still reach the buyer.
  expect(await now(open!)).toMatchObject({
    status: "paid",
    buyerUserId: null,
    buyerEmail: email,
    recipientEmail: "mere@example.nz",
    message: "Happy birthday!",
  });
  // Finished: the money kept, the buyer's name, address and message gone.
  for (const g of [redeemedOne!, refunded!])
    expect(await now(g)).toMatchObject({
      buyerName: FORGOTTEN.name,
      buyerEmail: FORGOTTEN.email,
      buyerUserId: null,
      message: null,
      amount: 11997,
      gst: 1565,
      paymentReference: g.paymentReference,
      status: g.status,
    });
  // Never paid: gone.
  expect(await now(unpaid!)).toBeUndefined();
  // Redeemed by them: the redemption kept under a bare id, their name and addresses gone.
  expect(await now(redeemedByMe!)).toMatchObject({
    redeemedBy: id,
    redeemedAs: "subscription",
    redeemedAddress: null,
    redeemedWeek: null,
    recipientName: FORGOTTEN.name,
    recipientEmail: FORGOTTEN.email,
    amount: 11997,
  });
  // Someone else's gift is untouched.
  expect(await now(other!)).toMatchObject({ buyerName: "Hemi Walker", message: "Happy birthday!" });
});
