// The gift redeem page and packing-day capacity (issue 40, ADR 077 addendum), its loader called as
// React Router calls it for a signed-in member: the week whose first packing day is full is
// marked (the form shows it greyed out and not selectable, as /subscribe does) and the soonest
// week with room is chosen instead. The server's refusal of a full week is in
// app/modules/subscriptions/packing-capacity-changes.server.test.ts.
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { requestInfo } from "#app/lib/request-context.ts";
import {
  DELIVERY_WEEKS,
  firstBoxDate,
  formatBoxDate,
  soonestWeek,
} from "#app/modules/subscriptions/box-dates.ts";
import { setPackingDayCapacity } from "#app/modules/subscriptions/packing-capacity.server.ts";
import * as giftRedeem from "#app/routes/gift-redeem.tsx";
import { SITE, signedIn } from "#tests/setup/subscribe-route.ts";
import { testServices } from "#tests/setup/test-services.ts";

testServices();

test("the redeem page marks the full week and chooses the soonest week with room", async () => {
  // The page works from the real clock: the week that would come soonest today is made full.
  const now = new Date();
  const soonest = soonestWeek(now, 5);
  const day = firstBoxDate(soonest, now, 5);
  await setPackingDayCapacity({ day, capacity: 0 }, "ana@patch.nz", now);
  const cookie = await signedIn("tama@example.nz", "Tama");
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.7",
    sharedPage: false,
  });
  const answer = (await giftRedeem.loader({
    request: new Request(`${SITE}/gift/redeem`, { headers: { cookie } }),
    context,
    params: {},
  } as never)) as unknown as { data: Record<string, unknown> };
  const page = answer.data as {
    signedOut: boolean;
    fullWeeks: number[];
    soonestWeek: number;
    firstBoxes: Record<number, string>;
  };
  expect(page.signedOut).toBe(false);
  expect(page.fullWeeks).toEqual([soonest]);
  const rest = DELIVERY_WEEKS.filter((w) => w !== soonest).map((w) => firstBoxDate(w, now, 5));
  expect(firstBoxDate(page.soonestWeek as 1, now, 5)).toBe(rest.sort()[0]);
  expect(page.firstBoxes[soonest]).toBe(formatBoxDate(day));
});
