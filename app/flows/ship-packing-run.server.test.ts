// Shipping a packing run in bulk, on a real database: the run marked packed once however many
// presses race; the courier's booking file round-trips into its tracking file, which ships each
// box's order with its number (the member's e-mail queued once) and the box with it; the same file
// again ships nothing twice; unknown references and a file without the columns are reported.
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { orderJobs } from "#app/modules/orders/order-jobs.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  bookingCsv,
  COURIERS,
  findCourier,
  importTracking,
  listRun,
  markRunPacked,
  parseCsv,
} from "./ship-packing-run.server.ts";

const env = testServices({ queues: orderJobs, emptyBeforeEach: true, smtp: true });

const DAY = "2026-12-08";

async function paidBox(name: string, day = DAY) {
  const { id } = await insertSubscription({ nextBoxOn: day });
  const [order] = await db()
    .insert(orders)
    .values({
      idempotencyKey: crypto.randomUUID(),
      status: "paid",
      kind: "subscription box",
      name,
      email: `${name.toLowerCase().replace(/\W/g, "")}@example.nz`,
      address: {
        street: "5 Kōwhai Street, Flat 2",
        suburb: "Mt Eden",
        city: "Auckland",
        state: "Auckland",
        zip: "1024",
        country: "NZ",
        rural: false,
      },
      shippingMethod: "standard",
      currency: "USD",
      subtotal: 5900,
      shipping: 0,
      gst: 770,
      total: 5900,
      paymentProvider: "demo",
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const [box] = await db()
    .insert(boxes)
    .values({
      subscriptionId: id,
      deliverOn: day,
      cutoffAt: new Date("2026-12-03T00:00:00Z"),
      status: "charged",
      plan: "1m2",
      zone: "warm-north",
      items: [],
      amount: 5900,
      currency: "USD",
      orderId: order!.id,
    })
    .returning();
  return { box: box!, order: order! };
}

test("a run is packed once however many presses race, boxes and orders together", async () => {
  const made = await Promise.all(["Mere", "Tama", "Hine"].map((n) => paidBox(n)));
  await paidBox("Other day", "2026-12-15");
  const results = await Promise.all([markRunPacked(DAY), markRunPacked(DAY), markRunPacked(DAY)]);
  expect(results.reduce((n, r) => n + r.packed, 0)).toBe(3);
  const ids = made.map((m) => m.order.id);
  const rows = await db().select().from(orders).where(inArray(orders.id, ids));
  expect(rows.map((r) => r.status)).toEqual(["packed", "packed", "packed"]);
  expect((await listRun("2026-12-15"))[0]!.orderStatus).toBe("paid");
});

for (const courier of COURIERS) {
  test(`${courier.name}: the booking file round-trips into tracking, shipped once`, async () => {
    const made = await Promise.all(["Mere", "Tama, Jr", "Hine"].map((n) => paidBox(n)));
    await markRunPacked(DAY);
    const booking = parseCsv(await bookingCsv(DAY, courier));
    expect(booking[0]).toEqual(courier.booking.header);
    expect(booking).toHaveLength(4);
    // The address with a comma and the name with one survive the quoting.
    const refAt = booking[0]!.indexOf(courier.tracking.reference);
    const references = booking.slice(1).map((r) => r[refAt]!);
    expect(references.sort()).toEqual(made.map((m) => String(m.order.number)).sort());
    expect(booking.slice(1).some((r) => r.includes("Tama, Jr"))).toBe(true);
    expect(booking.slice(1).some((r) => r.includes("5 Kōwhai Street, Flat 2"))).toBe(true);

    // The courier's tracking export: our reference and its number, among other columns.
    const tracking = [
      `Service,"${courier.tracking.reference}",${courier.tracking.number}`,
      ...references.map((ref, i) => `Overnight,${ref},TRK00${i}NZ`),
      `Overnight,999999,TRK999NZ`,
    ].join("\r\n");
    expect(await importTracking(DAY, courier, tracking)).toEqual({
      shipped: 3,
      alreadyShipped: 0,
      unknown: ["999999"],
      invalid: [],
    });
    const shipped = await db()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          made.map((m) => m.order.id),
        ),
      );
    expect(
      shipped.every((o) => o.status === "shipped" && /^TRK00\dNZ$/.test(o.trackingNumber!)),
    ).toBe(true);
    const shippedBoxes = await db()
      .select()
      .from(boxes)
      .where(
        inArray(
          boxes.id,
          made.map((m) => m.box.id),
        ),
      );
    expect(shippedBoxes.map((b) => b.status)).toEqual(["shipped", "shipped", "shipped"]);
    for (const m of made)
      expect(
        await queue().findJobs(sendOrderUpdateJob.name, { data: { orderId: m.order.id } }),
      ).toHaveLength(1);
    // The courier is kept on each order, and each member's e-mail links to that courier's own
    // tracking page for their own number (ADR 077 addendum).
    expect(shipped.every((o) => o.courier === courier.id)).toBe(true);
    await drainQueue([sendOrderUpdateJob]);
    for (const o of shipped) {
      const [mail] = await env.smtp.waitForTo(o.email, 1);
      const link = courier.trackingUrl(o.trackingNumber!);
      expect(link).toMatch(/^https:\/\/www\.nzpost\.co\.nz\/|^https:\/\/www\.nzcouriers\.co\.nz\//);
      expect(link).toContain(o.trackingNumber!);
      expect(mail!.text).toContain(`Track it with ${courier.name}: ${link}`);
      expect(mail!.html).toContain(`href="${link}"`);
      // Nobody's e-mail carries another member's number.
      for (const other of shipped.filter((x) => x.id !== o.id))
        expect(mail!.text).not.toContain(other.trackingNumber!);
    }

    // The same file again ships nothing twice; the booking file now has nobody left.
    expect(await importTracking(DAY, courier, tracking)).toMatchObject({
      shipped: 0,
      alreadyShipped: 3,
    });
    expect(parseCsv(await bookingCsv(DAY, courier))).toHaveLength(1);
    const [again] = await db().select().from(orders).where(eq(orders.id, made[0]!.order.id));
    expect(again!.trackingNumber).toMatch(/^TRK00\dNZ$/);
  });
}

test("a tracking file without the courier's columns, or with an unusable number, is reported", async () => {
  const { order } = await paidBox("Aroha");
  const courier = findCourier("nz-post")!;
  expect((await importTracking(DAY, courier, "Ref,Number\n1,2")).error).toContain(
    '"Reference" and "Tracking Number"',
  );
  expect(
    await importTracking(DAY, courier, `Reference,Tracking Number\n${order.number},=cmd|x`),
  ).toMatchObject({ shipped: 0, invalid: [String(order.number)] });
  expect(findCourier("carrier-pigeon")).toBeUndefined();
});
