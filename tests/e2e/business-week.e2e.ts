// The business week (issue 40) as an admin: the home's work queue at 390 and 1280 px leads to the
// orders to pack; a refund asks first (the amount, the stock, the customer's e-mail, a reason) and
// is kept in the order's notes; the GST report for today lists the order as a sale and a refund
// with its amounts; the forecast and the chase list are there. Axe on each page.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { signedInAdmin } from "./members.ts";

async function placeOrder(page: Page, email: string) {
  await page.goto("/product/worm-cast-compost-10l");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Add to cart: Worm-Cast Compost (10 L)" }).first().click();
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill("Mere Tūhoe");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue to delivery address" }).click();
  await page.getByLabel("Street address").fill("42 Tōtara Lane");
  await page.getByLabel("Town or city").fill("Masterton");
  await page.getByLabel("Postcode").fill("5810");
  await page.getByLabel("Region").selectOption("Wellington");
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByLabel(/Standard/).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await page.waitForURL(/\/post-checkout\?order=/);
  return (await page.getByTestId("order-number").textContent())!.replace("#", "").trim();
}

test("from the work queue: an order to pack, refunded after its confirmation, in the GST report", async ({
  page,
}) => {
  const email = `week-${Date.now()}@example.nz`;
  const number = await placeOrder(page, email);
  await signedInAdmin(page, "grow@example.com");

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto("/admin");
    await page.getByTestId("work-orders-to-pack").waitFor();
    expect(await axeViolations(page), `work queue at ${viewport.width} px`).toEqual([]);
  }
  await page.getByTestId("work-orders-to-pack").getByRole("link").click();
  await page.waitForURL(/\/admin\/orders\?status=paid&kind=shop/);
  await page.getByRole("link", { name: number }).click();

  // The plain status form no longer refunds: Refund… asks first.
  await page.getByTestId("refund-start").click();
  const confirmation = page.getByTestId("refund-confirmation");
  await confirmation.waitFor();
  const heading = await confirmation.getByRole("heading").textContent();
  expect(heading).toMatch(/^Refund (US|NZ)?\$[\d.,]+ for order /);
  const amount = heading!.match(/\$[\d.,]+/)![0];
  expect(await confirmation.textContent()).toContain(`${email} gets an e-mail`);
  expect(await confirmation.textContent()).toContain("1 item goes back on the shelf");
  expect(await axeViolations(page), "refund confirmation").toEqual([]);
  await page.getByLabel("Reason for the refund").fill("Bag split in transit, Mere rang");
  await confirmation.getByRole("button", { name: /^Refund / }).click();
  await expect
    .poll(() => page.getByTestId("order-status").textContent(), { timeout: 20_000 })
    .toContain("Refunded");
  await page.getByText(`in full. Reason: Bag split in transit, Mere rang`).waitFor();

  // Today's GST: the order is a sale and a refund, each for its whole amount.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    new Date(),
  );
  await page.goto(`/admin/gst?from=${today}&to=${today}`);
  const rows = page.getByTestId("gst-lines").getByRole("row").filter({ hasText: number });
  await expect.poll(() => rows.count()).toBe(2);
  const refundRow = await rows.filter({ hasText: "refund" }).textContent();
  expect(refundRow).toContain(amount);
  expect(refundRow).toMatch(/-\D*\$/);
  expect(await axeViolations(page), "GST report").toEqual([]);
  const csv = await page.request.get(`/admin/gst.csv?from=${today}&to=${today}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,${number},refund,`);
  expect((await page.request.get("/admin/gst.csv?from=nope&to=2026-01-01")).status()).toBe(400);

  for (const path of ["/admin/forecast", "/admin/chase", "/admin/ship"]) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
  expect((await page.request.get("/admin/forecast.csv")).status()).toBe(200);
});
