// The credits ledger (issue 22, ADR 040): an admin's grant and take-back with their limits and
// reasons, retries that add nothing twice, the balance as the sum of the rows, and 200 concurrent
// credits and debits on one account leaving it exact and never below zero (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set).
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { creditEntries } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { UNUSABLE_TEXT } from "#app/lib/zod.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { CREDIT_MESSAGES } from "./credits.schema.ts";
import { getCreditBalance, getMemberCredit } from "./get-credit-balance.server.ts";
import { grantCredit } from "./grant-credit.server.ts";
import { takeBackCredit } from "./take-back-credit.server.ts";

testServices();

const admin = { id: "admin-user" };
const form = (userId: string, amount: string, reason = "Box arrived late") => ({
  userId,
  amount,
  reason,
  requestKey: crypto.randomUUID(),
});
const rowsOf = (userId: string) =>
  db().select().from(creditEntries).where(eq(creditEntries.userId, userId));

test("a grant adds one goodwill row with its reason and admin; the balance is the sum", async () => {
  const userId = await insertMember();
  const first = await grantCredit({ input: form(userId, "12.50"), admin });
  expect(first).toMatchObject({ ok: true, balance: 1250 });
  expect(first.message).toBe("Added US$12.50 of credit. Their balance is US$12.50.");
  await grantCredit({ input: form(userId, "$0.01", "Rounding"), admin });
  const rows = await rowsOf(userId);
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r.amount === 1250)).toMatchObject({
    kind: "goodwill",
    note: "Box arrived late",
    createdBy: "admin-user",
  });
  const balance = await getCreditBalance({ userId });
  expect(balance).toMatchObject({ ok: true, balance: 1251, balanceText: "US$12.51" });
  if (!balance.ok) throw new Error("no balance");
  expect(balance.history.map((h) => h.amountText).sort()).toEqual(["US$0.01", "US$12.50"]);
  expect(balance.history[0]).toMatchObject({ reason: "From the Patch team", byAdmin: true });
  // The member's own page reads the same balance and history without looking the member up.
  const own = await getMemberCredit(userId);
  expect(own).toEqual({
    balance: 1251,
    balanceText: "US$12.51",
    history: balance.history,
  });
});

test("the same request twice adds one row and answers the same", async () => {
  const userId = await insertMember();
  const input = form(userId, "5");
  const [a, b] = await Promise.all([grantCredit({ input, admin }), grantCredit({ input, admin })]);
  expect(a).toMatchObject({ ok: true, balance: 500 });
  expect(b).toMatchObject({ ok: true, balance: 500 });
  const back = form(userId, "2");
  await takeBackCredit({ input: back, admin });
  const again = await takeBackCredit({ input: back, admin });
  expect(again).toMatchObject({ ok: true, balance: 300 });
  expect(await rowsOf(userId)).toHaveLength(2);
});

test("amounts from 1 cent to $500, a reason of 3 characters or more, a member who exists", async () => {
  const userId = await insertMember();
  const refused = async (input: Record<string, string>) => {
    const outcome = await grantCredit({ input, admin });
    expect(outcome.ok).toBe(false);
    return outcome.ok ? null : outcome;
  };
  expect(await refused(form(userId, "0"))).toMatchObject({
    code: "invalid",
    message: CREDIT_MESSAGES.tooSmall,
  });
  expect(await refused(form(userId, "500.01"))).toMatchObject({
    fieldErrors: { amount: CREDIT_MESSAGES.tooLarge },
  });
  expect(await refused(form(userId, "-5"))).toMatchObject({ message: CREDIT_MESSAGES.amount });
  expect(await refused(form(userId, "1e3"))).toMatchObject({ message: CREDIT_MESSAGES.amount });
  expect(await refused(form(userId, "5", " a "))).toMatchObject({
    fieldErrors: { reason: CREDIT_MESSAGES.reason },
  });
  expect(await refused({ ...form(userId, "5"), requestKey: "x" })).toMatchObject({
    code: "invalid",
  });
  expect(await refused(form("no-such-member", "5"))).toMatchObject({ code: "not-found" });
  // Hostile input is refused in words before a query sees it (ADR 023).
  expect(await refused(form(userId, "5", "spam\u0000"))).toMatchObject({
    fieldErrors: { reason: UNUSABLE_TEXT },
  });
  expect(await refused(form("kea\u0000", "5"))).toMatchObject({
    fieldErrors: { userId: CREDIT_MESSAGES.member },
  });
  expect(await getCreditBalance({ email: "kiri\u0000@example.nz" })).toMatchObject({
    code: "invalid",
  });
  expect(await grantCredit({ input: form(userId, "500"), admin })).toMatchObject({
    ok: true,
    balance: 50_000,
  });
  expect(await rowsOf(userId)).toHaveLength(1);
});

test("taking back more than the balance is refused with 409 and the balance in words", async () => {
  const userId = await insertMember();
  await grantCredit({ input: form(userId, "5"), admin });
  const outcome = await takeBackCredit({ input: form(userId, "5.01", "Granted twice"), admin });
  expect(outcome).toMatchObject({
    ok: false,
    code: "conflict",
    message: "That's more than their balance of US$5.00: credit can't go below zero.",
  });
  expect(await takeBackCredit({ input: form(userId, "5", "Granted twice"), admin })).toMatchObject({
    ok: true,
    balance: 0,
  });
  expect(await takeBackCredit({ input: form(userId, "0.01"), admin })).toMatchObject({
    code: "conflict",
  });
  const rows = await rowsOf(userId);
  expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
    ["goodwill", 500],
    ["taken_back", -500],
  ]);
});

test("the admin finds a member by e-mail; an empty ledger is a zero balance", async () => {
  const userId = await insertMember({ email: "Kiri.Tane@Example.nz" });
  expect(await getCreditBalance({ email: " kiri.tane@example.NZ " })).toMatchObject({
    ok: true,
    member: { id: userId },
    balance: 0,
    history: [],
  });
  expect(await getMemberCredit(userId)).toMatchObject({ balance: 0, history: [] });
  expect(await getCreditBalance({ email: "nobody@example.nz" })).toMatchObject({
    ok: false,
    code: "not-found",
  });
  expect(await getCreditBalance({ email: "not an address" })).toMatchObject({ code: "invalid" });
});

test("200 concurrent credits and debits on one account: the balance is exact and never below zero", async () => {
  const userId = await insertMember();
  await grantCredit({ input: form(userId, "10"), admin });
  // Half grants of $1, half take-backs of $3: some take-backs must be refused for want of credit.
  const operations = Array.from({ length: 200 }, (_, i) =>
    i % 2 === 0
      ? grantCredit({ input: form(userId, "1"), admin })
      : takeBackCredit({ input: form(userId, "3"), admin }),
  );
  const outcomes = await Promise.all(operations);
  const granted = outcomes.filter((o, i) => i % 2 === 0 && o.ok).length;
  const taken = outcomes.filter((o, i) => i % 2 === 1 && o.ok).length;
  const refused = outcomes.filter((o) => !o.ok);
  expect(granted).toBe(100);
  expect(refused.every((o) => !o.ok && o.code === "conflict")).toBe(true);
  expect(taken + refused.length).toBe(100);
  const expected = 1000 + granted * 100 - taken * 300;
  const balance = await getCreditBalance({ userId });
  expect(balance).toMatchObject({ balance: expected });
  // Over every row, not only the 50 of the history it lists.
  expect(await getMemberCredit(userId)).toMatchObject({ balance: expected });
  expect(expected).toBeGreaterThanOrEqual(0);
  // Never below zero at any point: the running sum in the order the rows were written.
  const running = (await db().execute(sql`
    select min(running)::int as lowest from (
      select sum(amount) over (order by created_at, id) as running
      from credit_entries where user_id = ${userId}) r`)) as unknown as {
    rows: { lowest: number }[];
  };
  expect(Number(running.rows[0]!.lowest)).toBeGreaterThanOrEqual(0);
});
