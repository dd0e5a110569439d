// The recipient's postcode instead of their region (issue 39, ADR 079): the postcode's region is
// the gift's once the buyer has seen it; one the form didn't show yet, or one we can't place, is
// said first and nothing is paid.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { POSTCODE_MESSAGES } from "#app/lib/nz-postcodes.ts";
import { testCard } from "#tests/factories/cards.ts";
import { giftForm } from "#tests/factories/gifts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { buyGift } from "./buy-gift.server.ts";
import { GIFT_MESSAGES, recipientRegionOf } from "./gifts.schema.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";

testServices({ smtp: true, queues: [sendGiftEmailJob] as never });

const NOW = new Date("2026-11-25T02:00:00Z");
let addresses = 0;
const buyer = () => ({ ip: `198.51.100.${++addresses + 100}` });
const form = (overrides: Record<string, unknown> = {}) =>
  giftForm({ card: testCard("success", NOW), ...overrides });
const giftCount = async () => (await db().select().from(gifts)).length;

test("a postcode whose region is on the form: the gift is for that region", async () => {
  const result = await buyGift(
    form({ recipientRegion: "Nelson", recipientPostcode: "7010" }),
    buyer(),
    NOW,
  );
  expect(result).toMatchObject({ ok: true, status: "paid" });
  if (!result.ok) return;
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, result.giftId));
  expect(gift!.recipientRegion).toBe("Nelson");
});

test("a postcode alone (no JavaScript chose its region): said first, nothing paid", async () => {
  const before = await giftCount();
  const result = await buyGift(
    form({ recipientRegion: "", recipientPostcode: "9016" }),
    buyer(),
    NOW,
  );
  expect(result).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { recipientPostcode: GIFT_MESSAGES.postcodeChose("9016", "Otago") },
  });
  expect(await giftCount()).toBe(before);
});

test("a postcode we can't place, or neither: the field's own message, nothing paid", async () => {
  const before = await giftCount();
  expect(
    await buyGift(form({ recipientRegion: "Auckland", recipientPostcode: "2800" }), buyer(), NOW),
  ).toMatchObject({
    ok: false,
    fieldErrors: { recipientPostcode: POSTCODE_MESSAGES.unknown("2800") },
  });
  expect(
    await buyGift(form({ recipientRegion: "Auckland", recipientPostcode: "12a4" }), buyer(), NOW),
  ).toMatchObject({ ok: false, fieldErrors: { recipientPostcode: POSTCODE_MESSAGES.malformed } });
  expect(
    await buyGift(form({ recipientRegion: "", recipientPostcode: "" }), buyer(), NOW),
  ).toMatchObject({ ok: false, fieldErrors: { recipientRegion: GIFT_MESSAGES.recipientRegion } });
  expect(await giftCount()).toBe(before);
});

test("the schema: a region alone, and a postcode agreeing with it", () => {
  expect(recipientRegionOf({ recipientRegion: "Tasman" })).toEqual({ ok: true, region: "Tasman" });
  expect(recipientRegionOf({ recipientRegion: "Tasman", recipientPostcode: " 7120 " })).toEqual({
    ok: true,
    region: "Tasman",
  });
  expect(recipientRegionOf({ recipientRegion: "Atlantis" })).toMatchObject({
    ok: false,
    field: "recipientRegion",
  });
});
