// The checkout form's rules at their edges (issue 17): the same schema refuses bad input in the
// browser and on the server, so each bound here is one a crafted request meets.
import { expect, test } from "vitest";
import {
  cartLinesSchema,
  checkoutFormValues,
  demoCardSchema,
  checkoutFieldErrors,
  expiryHasPassed,
  MESSAGES,
  passesLuhn,
  phoneSchema,
  placeOrderSchema,
  quoteSchema,
} from "./checkout.schema.ts";

const line = { productId: "seed-kit-2", quantity: 1, price: 0 };
const address = {
  street: "3 Nīkau Place",
  city: "Napier",
  region: "Hawke's Bay",
  postcode: "4110",
};
const order = {
  idempotencyKey: "0b7f0c3e-4d4c-4a5e-9a53-3b8f2b1f6c11",
  name: "Kiri",
  email: "kiri@example.nz",
  address,
  shippingMethod: "standard",
  items: [line],
};

/** The first message for each field, as the form shows them. */
const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success
    ? {}
    : checkoutFieldErrors(result.error as Parameters<typeof checkoutFieldErrors>[0]);

test("a cart line names a product, 1 to 99 of it, at a whole price in cents", () => {
  const ok = (l: object) => cartLinesSchema.safeParse([{ ...line, ...l }]).success;
  expect(ok({})).toBe(true);
  expect(ok({ productId: "a".repeat(80), quantity: 99, price: 12_345 })).toBe(true);
  for (const productId of ["", "a".repeat(81), "Seed-Kit", "seed_kit", "seed kit", "../x"])
    expect(ok({ productId }), productId).toBe(false);
  for (const quantity of [0, -1, 100, 1.5]) expect(ok({ quantity }), String(quantity)).toBe(false);
  for (const price of [-1, 0.5]) expect(ok({ price }), String(price)).toBe(false);
});

test("a cart has 1 to 50 lines; an empty one says so", () => {
  const empty = cartLinesSchema.safeParse([]);
  expect(empty.success).toBe(false);
  expect(empty.error?.issues[0]?.message).toBe(MESSAGES.cart);
  expect(cartLinesSchema.safeParse(Array(50).fill(line)).success).toBe(true);
  expect(cartLinesSchema.safeParse(Array(51).fill(line)).success).toBe(false);
});

test("the delivery address: trimmed, required where the courier needs it, bounded", () => {
  const parse = (a: object) =>
    placeOrderSchema.safeParse({ ...order, address: { ...address, ...a } });
  const ok = parse({ street: "  3 Nīkau Place ", postcode: " 4110 " });
  expect(ok.data?.address).toEqual({
    street: "3 Nīkau Place",
    suburb: "",
    city: "Napier",
    region: "Hawke's Bay",
    postcode: "4110",
    rural: false,
  });
  expect(parse({ suburb: "  Taradale ", rural: true }).data?.address).toMatchObject({
    suburb: "Taradale",
    rural: true,
  });
  expect(
    parse({ street: "s".repeat(200), city: "c".repeat(100), suburb: "b".repeat(100) }).success,
  ).toBe(true);

  expect(errorsOf(parse({ street: "   " }))).toEqual({ street: MESSAGES.street });
  expect(errorsOf(parse({ street: undefined }))).toEqual({ street: MESSAGES.street });
  expect(errorsOf(parse({ street: "s".repeat(201) }))).toEqual({ street: MESSAGES.street });
  expect(errorsOf(parse({ city: "" }))).toEqual({ city: MESSAGES.city });
  expect(errorsOf(parse({ city: "c".repeat(101) }))).toEqual({ city: MESSAGES.city });
  expect(parse({ suburb: "b".repeat(101) }).success).toBe(false);
  expect(errorsOf(parse({ region: "Hawaii" }))).toEqual({ region: MESSAGES.region });
  for (const postcode of ["411", "41100", "41a0", "", undefined])
    expect(errorsOf(parse({ postcode })), String(postcode)).toEqual({
      postcode: MESSAGES.postcode,
    });
});

test("shipping is standard or express, rural only when ticked", () => {
  const quote = { items: [line], shippingMethod: "express" };
  expect(quoteSchema.parse(quote)).toEqual({
    items: [line],
    shippingMethod: "express",
    rural: false,
  });
  expect(quoteSchema.parse({ ...quote, rural: true }).rural).toBe(true);
  expect(quoteSchema.safeParse({ ...quote, shippingMethod: "overnight" }).success).toBe(false);
  expect(placeOrderSchema.parse(order).rural).toBe(false);
});

test("the buyer: a name up to 120 characters, an e-mail kept in lower case, a retry key", () => {
  const parse = (o: object) => placeOrderSchema.safeParse({ ...order, ...o });
  expect(parse({ name: "  Kiri Te Awa " }).data?.name).toBe("Kiri Te Awa");
  expect(parse({ name: "n".repeat(120) }).success).toBe(true);
  expect(errorsOf(parse({ name: "  " }))).toEqual({ name: MESSAGES.name });
  expect(errorsOf(parse({ name: "n".repeat(121) }))).toEqual({ name: MESSAGES.name });
  expect(parse({ email: "Kiri@Example.NZ" }).data?.email).toBe("kiri@example.nz");
  expect(errorsOf(parse({ email: "kiri" }))).toEqual({ email: MESSAGES.email });
  expect(errorsOf(parse({ email: `${"k".repeat(64)}@${"e".repeat(187)}.nz` }))).toEqual({
    email: MESSAGES.email,
  });
  expect(parse({ email: `${"k".repeat(64)}@${"e".repeat(186)}.nz` }).success).toBe(true);
  expect(errorsOf(parse({ idempotencyKey: "not-a-uuid" }))).toHaveProperty("idempotencyKey");
});

test("demo card: 12 to 19 digits however grouped, MM/YY, a 3 or 4 digit code", () => {
  const card = { number: "4242 4242-4242 4242", expiry: "01/40", cvc: "123" };
  const parse = (c: object) => demoCardSchema.safeParse({ ...card, ...c });
  expect(parse({}).data).toEqual({ number: "4242424242424242", expiry: "01/40", cvc: "123" });
  // The shortest and longest lengths, each with its Luhn check digit.
  for (const number of ["400000000002", "4000000000000000006"])
    expect(parse({ number }).success, number).toBe(true);
  for (const number of ["4".repeat(11), "4".repeat(20), "4242 4242 4242 424x", "4242.4242.4242"])
    expect(parse({ number }).error?.issues[0]?.message, number).toBe(MESSAGES.cardNumber);
  expect(parse({ number: undefined }).error?.issues[0]?.message).toBe(MESSAGES.cardNumber);

  for (const expiry of ["12/40", " 09 / 41 ", "10/99"])
    expect(parse({ expiry }).success, expiry).toBe(true);
  // The shapes people type (issue 39) read as MM/YY.
  for (const [typed, read] of [
    ["1240", "12/40"],
    ["12 / 2040", "12/40"],
    ["122040", "12/40"],
    ["1/40", "01/40"],
    ["0140", "01/40"],
  ] as const)
    expect(parse({ expiry: typed }).data?.expiry, typed).toBe(read);
  for (const expiry of [
    "00/40",
    "13/40",
    "01/4",
    "01/400",
    "140",
    "1340",
    "12/1940",
    "x01/40",
    undefined,
  ])
    expect(parse({ expiry }).error?.issues[0]?.message, String(expiry)).toBe(MESSAGES.cardExpiry);

  expect(parse({ cvc: " 1234 " }).data?.cvc).toBe("1234");
  for (const cvc of ["12", "12345", "12a", undefined])
    expect(parse({ cvc }).error?.issues[0]?.message, String(cvc)).toBe(MESSAGES.cardCvc);
});

test("a card number must pass the Luhn check: a mistyped or swapped digit is caught", () => {
  // Stripe's test cards (the demo's) all pass.
  for (const number of [
    "4242424242424242",
    "4000000000000002",
    "4000000000009995",
    "5555555555554444",
    "378282246310005",
  ])
    expect(passesLuhn(number), number).toBe(true);
  for (const number of [
    "4242424242424241",
    "4242424242424224",
    "2424424242424242",
    "4000000000000001",
  ])
    expect(passesLuhn(number), number).toBe(false);
  const parse = (number: string) =>
    demoCardSchema.safeParse({ number, expiry: "01/40", cvc: "123" }).error?.issues[0]?.message;
  expect(parse("4242 4242 4242 4241")).toBe(MESSAGES.cardNumberWrong);
  // A number of the wrong shape says so, not that its check digit is wrong.
  expect(parse("4242")).toBe(MESSAGES.cardNumber);
});

test("an expiry date in the past is refused; a card runs to the end of its month", () => {
  const now = new Date(Date.UTC(2026, 10, 25, 12));
  expect(expiryHasPassed("10/26", now)).toBe(true);
  expect(expiryHasPassed("11/26", now)).toBe(false);
  expect(expiryHasPassed("11/26", new Date(Date.UTC(2026, 10, 30, 23, 59)))).toBe(false);
  expect(expiryHasPassed("11/26", new Date(Date.UTC(2026, 11, 1)))).toBe(true);
  expect(expiryHasPassed("01/27", now)).toBe(false);
  expect(expiryHasPassed("12/25", now)).toBe(true);

  // The schema checks against today: last month is refused with its own message.
  const today = new Date();
  const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15));
  const mmyy = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
  const parse = (expiry: string) =>
    demoCardSchema.safeParse({ number: "4242424242424242", expiry, cvc: "123" });
  expect(parse(mmyy(lastMonth)).error?.issues[0]?.message).toBe(MESSAGES.cardExpired);
  expect(parse(mmyy(today)).success).toBe(true);
  // A malformed date is a format problem first.
  expect(parse("13/10").error?.issues[0]?.message).toBe(MESSAGES.cardExpiry);
});

test("the courier's phone: optional; New Zealand or international, kept in +E.164 form", () => {
  const read = (phone: unknown) => phoneSchema.safeParse(phone);
  for (const empty of [undefined, "", "   "])
    expect(read(empty).data, String(empty)).toBeUndefined();
  expect(read("021 555 0142").data).toBe("+64215550142");
  expect(read("(09) 555-0142").data).toBe("+6495550142");
  expect(read("+61 4 1234 5678").data).toBe("+61412345678");
  expect(read("0061 412 345 678").data).toBe("+61412345678");
  expect(read("64 21 555 0142").data).toBe("+64215550142");
  for (const bad of [
    "555",
    "call me",
    "+0 21 555 0142",
    "+64 21 555 0142 ext 2",
    "9".repeat(41),
    42,
  ])
    expect(read(bad).error?.issues[0]?.message, String(bad)).toBe(MESSAGES.phone);
  // On the order: a bad one is the phone field's problem.
  const errors = placeOrderSchema.safeParse({ ...order, phone: "call me" });
  expect(errorsOf(errors)).toEqual({ phone: MESSAGES.phone });
  expect(placeOrderSchema.safeParse({ ...order, phone: "021 555 0142" }).data?.phone).toBe(
    "+64215550142",
  );
});

test("each problem is reported once, under the form field it belongs to", () => {
  const result = placeOrderSchema.safeParse({
    ...order,
    name: "",
    address: { ...address, street: "", postcode: "1" },
    items: [
      { ...line, quantity: 0 },
      { ...line, price: -1 },
    ],
  });
  expect(errorsOf(result)).toEqual({
    name: MESSAGES.name,
    street: MESSAGES.street,
    postcode: MESSAGES.postcode,
    items: expect.any(String),
  });
  const card = demoCardSchema.safeParse({ number: "1", expiry: "1", cvc: "1" });
  // The card's fields are named as the form names them.
  const wrapped = {
    ...card.error!,
    issues: card.error!.issues.map((i) => ({ ...i, path: ["card", ...i.path] })),
  };
  expect(checkoutFieldErrors(wrapped as never)).toEqual({
    cardNumber: MESSAGES.cardNumber,
    cardExpiry: MESSAGES.cardExpiry,
    cardCvc: MESSAGES.cardCvc,
  });
  // Two problems in one field: the first is the one shown.
  const twice = {
    issues: [
      { path: ["name"], message: "first" },
      { path: ["name"], message: "second" },
      { path: [], message: "whole form" },
    ],
  };
  expect(checkoutFieldErrors(twice as never)).toEqual({ name: "first", form: "whole form" });
});

test("the posted form reads into the schema's shape, whatever arrives", () => {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    idempotencyKey: order.idempotencyKey,
    name: "Kiri",
    email: "kiri@example.nz",
    phone: "021 555 0142",
    street: "3 Nīkau Place",
    suburb: "Taradale",
    city: "Napier",
    region: "Hawke's Bay",
    postcode: "4110",
    shippingMethod: "express",
    rural: "on",
    items: JSON.stringify([line]),
    cardNumber: "4242424242424242",
    cardExpiry: "01/40",
    cardCvc: "123",
  }))
    form.set(k, v);
  expect(checkoutFormValues(form)).toEqual({
    idempotencyKey: order.idempotencyKey,
    name: "Kiri",
    email: "kiri@example.nz",
    phone: "021 555 0142",
    address: { ...address, suburb: "Taradale", rural: true },
    shippingMethod: "express",
    rural: true,
    items: [line],
    card: { number: "4242424242424242", expiry: "01/40", cvc: "123" },
  });

  form.set("rural", "true");
  expect(checkoutFormValues(form).rural).toBe(true);
  for (const rural of ["off", "false", "yes"]) {
    form.set("rural", rural);
    expect(checkoutFormValues(form).rural, rural).toBe(false);
    expect(checkoutFormValues(form).address.rural, rural).toBe(false);
  }
  // A file where text belongs is no text; broken or missing items are an empty cart.
  form.set("name", new File(["x"], "name.txt"));
  form.set("items", "[{broken");
  expect(checkoutFormValues(form)).toMatchObject({ name: undefined, items: [] });
  form.delete("items");
  expect(checkoutFormValues(form).items).toEqual([]);
  expect(checkoutFormValues(new FormData()).address.street).toBeUndefined();
});
