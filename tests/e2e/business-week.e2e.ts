// The business week (issue 40) as an admin: the home's work queue at 390 and 1280 px leads to the
// orders to pack; a refund asks first (the amount, the stock, the customer's e-mail, a reason) and
// is kept in the order's notes: first a part refund of the order's one line (ADR 078), chosen on
// the confirmation at 1280 px, which leaves the order paid and part refunded, then the rest; the
// GST report for today lists the order as a sale and a refund with its amounts; the forecast and
// the chase list are there. Axe on each page. The customer, signed up with the order's address,
// sees each refund on their orders page and "Refunded $x of $y".
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { createAccount, signedInAdmin } from "./members.ts";

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

  // A part refund: the compost line only (the shipping stays paid), its amount named first.
  const chooser = page.getByTestId("refund-chooser");
  await chooser.getByLabel("Some lines").check();
  await chooser.getByLabel(/Worm-Cast Compost \(10 L\) at/).fill("1");
  await chooser.getByRole("button", { name: "Work out the refund" }).click();
  await page.waitForURL(/mode=lines/);
  await expect
    .poll(() => confirmation.getByRole("heading").textContent(), { timeout: 20_000 })
    .toMatch(/^Refund (US|NZ)?\$14\.90 for order /);
  const part = (await confirmation.textContent())!;
  expect(part).toContain("for 1 × Worm-Cast Compost (10 L)");
  expect(part).toMatch(/part refunded (US|NZ)?\$14\.90 of /);
  expect(part).toContain("1 item goes back on the shelf");
  expect(part).toContain(`${email} gets an e-mail saying`);
  expect(await axeViolations(page), "part refund confirmation at 1280 px").toEqual([]);
  await page.getByLabel("Reason for the refund").fill("Bag split in transit, Mere rang");
  await confirmation.getByRole("button", { name: /^Refund / }).click();
  await page.getByTestId("order-part-refunded").waitFor({ timeout: 20_000 });
  expect(await page.getByTestId("order-status").textContent()).toMatch(
    /^Paid · part refunded (US|NZ)?\$14\.90 of /,
  );
  await page
    .getByText(/for 1 × Worm-Cast Compost \(10 L\)\. Reason: Bag split in transit/)
    .waitFor();
  expect(await axeViolations(page), "part refunded order").toEqual([]);

  // Then the rest: the whole refund is now what is left.
  await page.getByTestId("refund-start").click();
  await confirmation.waitFor();
  expect(await confirmation.textContent()).toContain("the rest of the order");
  await page.getByLabel("Reason for the refund").fill("Mere would rather not wait for another");
  await confirmation.getByRole("button", { name: /^Refund / }).click();
  await expect
    .poll(() => page.getByTestId("order-status").textContent(), { timeout: 20_000 })
    .toContain("Refunded");
  await page.getByText(/in all\)\. Reason: Mere would rather not wait/).waitFor();

  // Today's GST: the order is a sale for its whole amount, and two refunds: the line, then the rest.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    new Date(),
  );
  await page.goto(`/admin/gst?from=${today}&to=${today}`);
  const rows = page.getByTestId("gst-lines").getByRole("row").filter({ hasText: number });
  await expect.poll(() => rows.count()).toBe(3);
  const refundRows = await rows.filter({ hasText: "refund" }).allTextContents();
  expect(refundRows).toHaveLength(2);
  expect(refundRows.find((r) => r.includes("14.90"))).toMatch(/-\D*\$14\.90/);
  expect(refundRows.find((r) => !r.includes("14.90"))).toMatch(/-\D*\$9\.00/);
  expect(await rows.filter({ hasNotText: "refund" }).textContent()).toContain(amount);
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

  // The customer's side: an account with the order's address sees both refunds.
  await page.context().clearCookies();
  await page.setViewportSize(DESKTOP);
  await page.goto(await createAccount(page, email));
  await page.goto("/profile/orders");
  const refunds = page.getByTestId(`order-refunds-${number}`);
  await refunds.waitFor();
  const paid = amount.replace("$", "\\$");
  expect(await refunds.innerText()).toMatch(
    new RegExp(`^Refunded (US|NZ)?${paid} of (US|NZ)?${paid}`),
  );
  const each = await refunds.getByRole("listitem").allInnerTexts();
  expect(each).toHaveLength(2);
  expect(each[0]).toMatch(/^(US|NZ)?\$14\.90 on .+: 1 × Worm-Cast Compost \(10 L\)$/);
  expect(each[1]).toMatch(/^(US|NZ)?\$9\.00 on .+: /);
  expect(await axeViolations(page), "the customer's orders with refunds").toEqual([]);
});
