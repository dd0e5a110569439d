// /admin/subscriptions' list against the real database: found by the member's name or e-mail (any
// case, % and _ taken literally), filtered by status, plan and region together, 50 to a page, and
// a hand-edited query read as "no filter" rather than an error.
import { expect, test } from "vitest";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  readSubscriptionListQuery,
  SUBSCRIPTIONS_PAGE_SIZE,
} from "./admin-subscriptions.schema.ts";
import { listSubscriptions } from "./list-subscriptions.server.ts";

testServices({ emptyBeforeEach: true });

const find = (search: string) =>
  listSubscriptions({ query: readSubscriptionListQuery(new URLSearchParams(search)) });
const names = async (search: string) => (await find(search)).rows.map((r) => r.name).sort();

async function someSubscriptions() {
  await insertSubscription({
    overrides: { name: "Aroha Ngata", email: "aroha@example.nz" },
    region: "Auckland",
    plan: "1m2",
  });
  await insertSubscription({
    overrides: { name: "Hemi Walker", email: "hemi_w@example.nz", status: "paused" },
    region: "Otago",
    plan: "2m2",
  });
  await insertSubscription({
    overrides: { name: "Mere 100% Gardener", email: "mere@farm.nz", status: "cancelled" },
    region: "Auckland",
    plan: "0.5m2",
  });
  await insertSubscription({
    overrides: { name: "Tom Aroha-Smith", email: "tom@example.nz", status: "past_due" },
    region: "Canterbury",
    plan: "1m2",
  });
}

test("search finds by name or e-mail in any case; % and _ are only themselves", async () => {
  await someSubscriptions();
  expect(await names("")).toHaveLength(4);
  expect(await names("q=aroha")).toEqual(["Aroha Ngata", "Tom Aroha-Smith"]);
  expect(await names("q=FARM.NZ")).toEqual(["Mere 100% Gardener"]);
  expect(await names("q=%25")).toEqual(["Mere 100% Gardener"]);
  expect(await names("q=_")).toEqual(["Hemi Walker"]);
  expect(await names("q=nobody")).toEqual([]);
});

test("status, plan and region filter alone and together", async () => {
  await someSubscriptions();
  expect(await names("status=paused")).toEqual(["Hemi Walker"]);
  expect(await names("status=past_due")).toEqual(["Tom Aroha-Smith"]);
  expect(await names("plan=1m2")).toEqual(["Aroha Ngata", "Tom Aroha-Smith"]);
  expect(await names("region=Auckland")).toEqual(["Aroha Ngata", "Mere 100% Gardener"]);
  expect(await names("region=Auckland&status=cancelled&plan=0.5m2")).toEqual([
    "Mere 100% Gardener",
  ]);
  expect(await names("region=Auckland&status=paused")).toEqual([]);
  expect(await names("q=aroha&region=Canterbury")).toEqual(["Tom Aroha-Smith"]);
  expect((await find("status=ended")).total).toBe(0);
});

test("an unknown or empty filter is no filter, and a hostile search is ignored, not an error", async () => {
  expect(
    readSubscriptionListQuery(new URLSearchParams("status=gone&plan=9m2&region=Mars&page=abc&q=")),
  ).toEqual({ page: 1 });
  expect(readSubscriptionListQuery(new URLSearchParams("q=a%00b&page=-3"))).toEqual({ page: 1 });
  expect(
    readSubscriptionListQuery(new URLSearchParams("q= Aroha &status=active&region=Hawke's Bay")),
  ).toEqual({ q: "Aroha", status: "active", region: "Hawke's Bay", page: 1 });
});

test("a page holds 50, newest first; the next page the rest", async () => {
  for (let i = 0; i < SUBSCRIPTIONS_PAGE_SIZE + 1; i++)
    await insertSubscription({
      now: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
      overrides: { name: `Member ${String(i).padStart(2, "0")}` },
    });
  const first = await find("");
  expect(first).toMatchObject({ total: 51, page: 1, pages: 2 });
  expect(first.rows).toHaveLength(50);
  expect(first.rows[0]!.name).toBe("Member 50");
  const second = await find("page=2");
  expect(second.rows.map((r) => r.name)).toEqual(["Member 00"]);
  expect((await find("page=3")).rows).toEqual([]);
});
