// Box stock as an admin (issue 40, ADR 077): a member subscribes, so their first box (paid when
// they subscribed) is reserved on its packing day; the admin receives stock of one of its items
// on /admin/stock (the receipt is listed with who and the note), sees what is on hand, reserved
// and short by that day; packs the day's run on /admin/ship, and sees on hand drop by what the
// packed boxes held (the day's pick list, read before packing). The stock page at 1280 and
// 390 px, the forecast and the work queue, with axe and no sideways scroll on a phone.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { firstBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, PHONE, test, toastShown } from "./fixtures.ts";
import { signedInAdmin, signedInMember } from "./members.ts";

const ADMIN = "admin@example.com";

async function subscribe(page: Page) {
  await page.goto("/subscribe?plan=2m2");
  await page.getByLabel("Street address").fill("7 Rimu Street");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Region").selectOption("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByRole("radio", { name: "Week 3 (15th to 21st)" }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
}

/** The stock table's row for an item: its cells' numbers by column. */
async function stockRow(page: Page, name: string) {
  const row = page.getByTestId("stock-lines").getByRole("row").filter({ hasText: name }).first();
  const cells = await row.getByRole("cell").allInnerTexts();
  // Cells after the row header: on hand, reserved, left over, then short by each day.
  const [onHand, reserved, leftOver] = cells.map((c) => Number(c.replace(/[^\d-]/g, "")));
  return { onHand: onHand!, reserved: reserved!, leftOver: leftOver!, text: await row.innerText() };
}

async function checkPage(page: Page) {
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
}

test("receive stock, see it reserved and short, pack the run and see on hand drop", async ({
  page,
  otherVisitorPage: member,
}) => {
  await signedInMember(member, `stock${Date.now()}`);
  await subscribe(member);
  const day = firstBoxDate(3);

  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, ADMIN);
  // The day's pick list: what its paid boxes hold, the first item being the one received.
  const csv = await (await page.request.get(`/admin/boxes/pick-list.csv?day=${day}`)).text();
  const [, first] = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  const cells = first!.split(",");
  const item = cells[0]!.replace(/^"|"$/g, "");
  const packedQuantity = Number(cells.at(-1));
  expect(packedQuantity).toBeGreaterThan(0);

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Box stock" })
    .click();
  await page.getByRole("heading", { name: "Box stock", level: 1 }).waitFor();
  const before = await stockRow(page, item);
  expect(before.reserved).toBeGreaterThanOrEqual(packedQuantity);
  await checkPage(page);

  // Receive one fewer than the day needs: on hand goes up by it, and the item is short by the day.
  const received =
    before.reserved - before.onHand - 1 > 0 ? before.reserved - before.onHand - 1 : 1;
  await page.getByLabel("Item", { exact: true }).selectOption({ label: item });
  await page.getByLabel("Quantity received").fill(String(received));
  await page.getByLabel("Note (optional)").fill("Kahikatea Nursery, tray 4");
  await page.getByRole("button", { name: "Receive stock" }).click();
  await toastShown(page, "Stock received.");
  const after = await stockRow(page, item);
  expect(after.onHand).toBe(before.onHand + received);
  expect(after.reserved).toBe(before.reserved);
  expect(after.leftOver).toBe(after.onHand - after.reserved);
  if (after.leftOver < 0) {
    expect(after.text).toMatch(/Short by \d+ on /);
    // The alert is where the week's work starts, and on the forecast's day.
    await page.goto("/admin");
    await page.getByTestId("work-box-stock-short").getByRole("link").click();
    await page.getByRole("heading", { name: "Box stock", level: 1 }).waitFor();
    await page.goto(`/admin/forecast?day=${day}`);
    await page.getByTestId("forecast-day").getByRole("note").filter({ hasText: "short" }).waitFor();
    await checkPage(page);
    await page.goto("/admin/stock");
  }
  await expect
    .poll(() => page.getByTestId("stock-receipts").innerText())
    .toMatch(new RegExp(`${item}\\s+${received}\\s+${ADMIN}\\s+Kahikatea Nursery, tray 4`));
  await checkPage(page);

  // A quantity that can't be right is refused in words, the form kept.
  await page.getByLabel("Item", { exact: true }).selectOption({ label: item });
  await page.getByLabel("Quantity received").fill("1000000");
  await page.getByRole("button", { name: "Receive stock" }).click();
  await page.getByRole("alert").filter({ hasText: "Enter at most 100,000" }).first().waitFor();
  expect((await stockRow(page, item)).onHand).toBe(after.onHand);

  // Pack the day's run: on hand drops by what the packed boxes held; the reservation goes too.
  await page.goto(`/admin/ship?day=${day}`);
  await page.getByRole("button", { name: /^Mark \d+ packed$/ }).click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "marked packed" }).waitFor();
  await page.goto("/admin/stock");
  const packed = await stockRow(page, item);
  expect(packed.onHand).toBe(after.onHand - packedQuantity);
  expect(packed.reserved).toBe(after.reserved - packedQuantity);

  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByRole("heading", { name: "Box stock", level: 1 }).waitFor();
  await checkPage(page);

  // The forecast names the box stock on each packing day.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/forecast?day=${day}`);
  await page.getByTestId("forecast-items").waitFor();
  await checkPage(page);
});
