// Capacity per packing day as an admin (issue 40, ADR 077 addendum): the forecast shows each
// packing day's booked boxes of its capacity; the admin sets a day's own capacity on the day's
// panel (a toast, the day now says it is its own) at 1280 px, with axe. The admin home's work queue
// says the coming packing day's boxes against its capacity, linking to its forecast; a member's
// week change shows a full packing day's week greyed out and not selectable.
import type { Page } from "playwright-core";
import {
  DELIVERY_WEEK_LABELS,
  DELIVERY_WEEKS,
  firstBoxDate,
  formatBoxDate,
  nextBoxDate,
  type DeliveryWeek,
} from "#app/modules/subscriptions/box-dates.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, test, toastShown } from "./fixtures.ts";
import { signedInAdmin, signedInMember } from "./members.ts";

async function subscribeIn(page: Page, week: DeliveryWeek) {
  await page.goto("/subscribe?plan=1m2");
  await page.getByLabel("Street address").fill("12 Kowhai Road");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Region").selectOption("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByRole("radio", { name: DELIVERY_WEEK_LABELS[week] }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
}

test("the forecast shows booked of capacity, and a day's own capacity is set there", async ({
  page,
}) => {
  // Week 4's next packing day: raised, never lowered, so no other test's subscribe is refused.
  const day = firstBoxDate(4);
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, "admin@example.com");
  await page.goto(`/admin/forecast?day=${day}`);
  const table = page.getByTestId("forecast-days");
  await table.getByRole("columnheader", { name: "Booked of capacity" }).waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel(`Capacity of ${formatBoxDate(day)}`).fill("750");
  await page.getByRole("button", { name: "Set capacity" }).click();
  await toastShown(page, `${formatBoxDate(day)} can now pack 750 boxes.`);
  await expect
    .poll(() => page.getByTestId("day-capacity").innerText())
    .toMatch(/^Booked \d+ of 750 \(this day's own capacity\): \d+ places? left\.$/);
  const row = table.getByRole("row").filter({ hasText: formatBoxDate(day) });
  await expect.poll(() => row.innerText()).toMatch(/\d+ of 750/);
  // The pointer off 'Set capacity': its hover colours, fading in as the page re-renders under it,
  // are not what axe should read (caught mid-fade on a loaded CI machine).
  await page.mouse.move(0, 0);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("the work queue says the coming packing day against its capacity; a full week can't be chosen in a week change", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  // The member subscribes in the week whose first box comes last; a week change moves boxes to the
  // month after it, where no subscribe's first box falls: filling one of those days refuses no
  // other test's subscribe.
  const week = [...DELIVERY_WEEKS].sort((a, b) =>
    firstBoxDate(b).localeCompare(firstBoxDate(a)),
  )[0]!;
  const other = DELIVERY_WEEKS.find((w) => w !== week)!;
  const full = nextBoxDate(firstBoxDate(week), other);

  await signedInAdmin(page, "admin@example.com");
  await page.goto("/admin");
  const line = page.getByTestId("work-capacity");
  await expect
    .poll(() => line.innerText())
    .toMatch(/^(Warning: )?Packing day .+ \d+ boxe?s? booked/);
  const link = line.getByRole("link", { name: "See the forecast and capacity" });
  expect(await link.getAttribute("href")).toMatch(/^\/admin\/forecast\?day=\d{4}-\d{2}-\d{2}$/);
  await animationsDone(page);
  expect(await axeViolations(page), "work queue with its capacity line").toEqual([]);

  await page.goto(`/admin/forecast?day=${full}`);
  await page.getByLabel(`Capacity of ${formatBoxDate(full)}`).fill("0");
  await page.getByRole("button", { name: "Set capacity" }).click();
  await toastShown(page, `${formatBoxDate(full)} can now pack 0 boxes.`);

  await page.context().clearCookies();
  await signedInMember(page, "capacity");
  await subscribeIn(page, week);
  await page.goto("/profile/subscription");
  const option = page.getByRole("radio", { name: DELIVERY_WEEK_LABELS[other] });
  await option.waitFor();
  expect(await option.isDisabled()).toBe(true);
  await page
    .getByText(`Full: the packing day of ${formatBoxDate(full)} has no room left`)
    .waitFor();
  expect(await page.getByRole("radio", { name: DELIVERY_WEEK_LABELS[week] }).isChecked()).toBe(
    true,
  );
  await animationsDone(page);
  expect(await axeViolations(page), "week change with a full week").toEqual([]);
});
