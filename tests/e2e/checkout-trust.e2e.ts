// Issue 19, cart and checkout: a bad card is refused on the payment step before 'Place order'
// (each message once, beside its field), the courier's phone field, the reassurance line by
// 'Place order' and its returns page; the cart panel's line totals, 'Clear Cart' undone by
// keyboard, and its lines readable and operable at 200 % zoom (WCAG 1.4.10); the returns page
// from the footer. At 390 px and 1280 px.
import type { Page } from "playwright-core";
import { formatMoney } from "#app/lib/money.ts";
import { MESSAGES } from "#app/modules/checkout/checkout.schema.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { catalogueProducts } from "#tests/factories/products.ts";
import { axeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, expect, PHONE, test } from "./fixtures.ts";

const CATALOGUE = catalogueProducts();
const product = (id: string) => {
  const p = CATALOGUE.find((c) => c.id === id);
  if (!p) throw new Error(`no product ${id} in the catalogue`);
  return p;
};

/** Puts lines in the stored cart as the shop would have (current prices, so nothing changed). */
async function seedCart(page: Page, lines: [id: string, quantity: number][]) {
  await page.goto("/");
  const items = lines.map(([id, quantity]) => {
    const p = product(id);
    return {
      product: {
        id: p.id,
        name: p.name,
        price: p.price,
        category: p.category,
        images: p.images ?? [],
        stockQuantity: p.stockQuantity,
      },
      quantity,
    };
  });
  await page.evaluate(
    (state) => {
      localStorage.setItem("cart-storage", JSON.stringify({ state, version: 0 }));
    },
    { items, isOpen: false },
  );
}

async function openCart(page: Page, lines: number) {
  await page.reload();
  await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click();
  const dialog = page.getByRole("dialog", { name: `Your Cart (${lines})`, exact: true });
  await dialog.waitFor();
  return dialog;
}

const lineMoney = (id: string, quantity: number) =>
  formatMoney(product(id).price * quantity, "USD");

for (const viewport of [PHONE, DESKTOP]) {
  test(`the contact and address steps say what is missing beside each field, no browser bubble, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await seedCart(page, [["hand-trowel", 1]]);
    await page.goto("/checkout");
    await page.getByRole("heading", { name: "Checkout" }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Continue to delivery address" }).click();
    await page.getByText(MESSAGES.name).waitFor();
    await page.getByText(MESSAGES.email).waitFor();
    const name = page.getByLabel("Full name");
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    // Each message once, and the step did not move on.
    expect(await page.getByText(MESSAGES.name).count()).toBe(1);
    await page.getByLabel("Email").fill("not-an-address");
    await name.fill("Mere Tūhoe");
    await page.getByRole("button", { name: "Continue to delivery address" }).click();
    await page.getByText(MESSAGES.email).waitFor();
    await page.getByLabel("Email").fill("mere@example.nz");
    await page.getByRole("button", { name: "Continue to delivery address" }).click();

    await page.getByLabel("Postcode").fill("58");
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    for (const message of [MESSAGES.street, MESSAGES.city, MESSAGES.postcode, MESSAGES.region])
      await page.getByText(message).waitFor();
    const street = page.getByLabel("Street address");
    await expect.poll(() => street.evaluate((el) => el === document.activeElement)).toBe(true);
    // The field sits below the fixed header, not under it (once any smooth scroll has settled).
    const header = await page.locator("header").first().boundingBox();
    const headerBottom = header ? Math.min(header.y + header.height, 200) : 0;
    await expect
      .poll(async () => (await street.boundingBox())!.y >= headerBottom - 1, { timeout: 5_000 })
      .toBe(true);
  });

  test(`a bad card is refused on the payment step, before 'Place order', at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const placed: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.postData()?.includes("intent=place")) placed.push(r.url());
    });
    await seedCart(page, [["hand-trowel", 1]]);
    await page.goto("/checkout");
    await page.getByLabel("Full name").fill("Mere Tūhoe");
    await page.getByLabel("Email").fill("mere@example.nz");
    await page.getByRole("button", { name: "Continue to delivery address" }).click();

    // The courier's phone: the phone keypad and autofill, checked as the person leaves it.
    const phone = page.getByLabel(/^Phone/);
    expect(await phone.getAttribute("type")).toBe("tel");
    expect(await phone.getAttribute("autocomplete")).toBe("tel");
    expect(await phone.getAttribute("inputmode")).toBe("tel");
    await page.getByLabel("Street address").fill("42 Tōtara Lane");
    await page.getByLabel("Town or city").fill("Masterton");
    await page.getByLabel("Postcode").fill("5810");
    await page.getByLabel("Region").selectOption("Wellington");
    await phone.fill("call me");
    await phone.blur();
    await page.getByText(MESSAGES.phone).waitFor();
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("phone");
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    await phone.fill("021 555 0142");
    await expect.poll(() => page.getByText(MESSAGES.phone).count()).toBe(0);
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByRole("button", { name: "Continue to payment" }).click();

    // A number that fails its check digit: told on leaving the field, once, beside it.
    const number = page.getByLabel("Card number");
    await number.fill("4242 4242 4242 4241");
    await number.blur();
    await page.getByText(MESSAGES.cardNumberWrong).waitFor();
    // A past expiry and a short code: Continue names both and stays on the payment step.
    await page.getByLabel("Expiry (MM/YY)").fill("01/20");
    await page.getByLabel("Security code (CVC)").fill("12");
    await page.getByRole("button", { name: "Continue to review" }).click();
    for (const message of [MESSAGES.cardNumberWrong, MESSAGES.cardExpired, MESSAGES.cardCvc])
      expect(await page.getByText(message).count(), message).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cardNumber");
    expect(await number.getAttribute("aria-describedby")).toBe("cardNumber-error");
    expect(await page.getByRole("button", { name: /^Place order/ }).isVisible()).toBe(false);
    // No browser bubble: the form's own messages are the only ones.
    expect(await number.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("");

    // Putting each right clears its message; the demo test card then goes on to the review.
    await number.fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Continue to review" }).click();
    await page.getByRole("button", { name: /^Place order/ }).waitFor();
    for (const message of [MESSAGES.cardNumberWrong, MESSAGES.cardExpired, MESSAGES.cardCvc])
      expect(await page.getByText(message).count(), message).toBe(0);
    expect(placed, "nothing was posted to place the order").toEqual([]);

    // Beside 'Place order': who charges the card, what we keep, and the promise with its page.
    const reassurance = page.getByTestId("reassurance");
    await reassurance.getByText("Demo payments — no card is charged.", { exact: false }).waitFor();
    await reassurance.getByText("we never store it", { exact: false }).waitFor();
    await page.locator("dd").getByText("021 555 0142").waitFor();
    await reassurance.getByRole("link", { name: "Returns and guarantee" }).click();
    await page.waitForURL(`${baseUrl()}/returns`);
    await page.getByRole("heading", { level: 1, name: "Returns and guarantee" }).waitFor();
  });

  test(`the cart panel: line totals, and 'Clear Cart' undone by keyboard, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await seedCart(page, [
      ["hand-trowel", 2],
      ["cos-lettuce-seeds", 1],
    ]);
    const dialog = await openCart(page, 2);
    const trowel = dialog.locator("[data-cart-line='hand-trowel']");
    expect(await trowel.locator("[data-line-total]").innerText()).toContain(
      lineMoney("hand-trowel", 2),
    );
    await trowel.getByRole("button", { name: /Increase quantity/ }).click();
    await expect
      .poll(() => trowel.locator("[data-line-total]").innerText())
      .toContain(lineMoney("hand-trowel", 3));
    expect(
      await dialog.locator("[data-cart-line='cos-lettuce-seeds'] [data-line-total]").innerText(),
    ).toContain(lineMoney("cos-lettuce-seeds", 1));

    await dialog.getByRole("button", { name: "Clear Cart" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Your Cart (0)", exact: true }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: "Cart cleared. Press Undo" })
      .waitFor({ state: "attached" });
    // Focus moved from the gone 'Clear Cart' to 'Undo', so Enter brings the cart back.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Undo");
    await page.keyboard.press("Enter");
    const back = page.getByRole("dialog", { name: "Your Cart (2)", exact: true });
    await back.waitFor();
    expect(
      await back.locator("[data-cart-line='hand-trowel'] [data-line-total]").innerText(),
    ).toContain(lineMoney("hand-trowel", 3));
    // Kept, not only drawn: a reload still has it.
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem("cart-storage") ?? "{}").state.items.length,
      ),
    ).toBe(2);
  });

  test(`the returns page is reachable from the footer and passes axe at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Returns and Guarantee" }).click();
    await page.waitForURL(`${baseUrl()}/returns`);
    await page.getByRole("heading", { level: 1, name: "Returns and guarantee" }).waitFor();
    for (const heading of ["Seedlings and live plants", "Change of mind", "What we pay for"])
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    await page.getByText("Consumer Guarantees Act 1993", { exact: false }).first().waitFor();
    expect(await page.locator('main a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scrolling",
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl()}/returns</loc>`);
  });
}

test("at 200 % zoom (640 × 400 CSS px) the cart panel scrolls as a whole: every line is readable and operable", async ({
  page,
}) => {
  // A 1280 × 800 window at 200 % zoom lays the page out in 640 × 400 CSS pixels.
  await page.setViewportSize({ width: 640, height: 400 });
  const lines: [string, number][] = [
    ["hand-trowel", 1],
    ["cos-lettuce-seeds", 2],
    ["garden-gloves", 1],
    ["watering-can-5l", 1],
  ];
  await seedCart(page, lines);
  const dialog = await openCart(page, lines.length);
  // The panel itself scrolls; the list isn't a strip of its own.
  const scroll = await dialog.evaluate((d) => ({ scroll: d.scrollHeight, client: d.clientHeight }));
  expect(scroll.scroll).toBeGreaterThan(scroll.client);
  expect(
    await dialog.locator("ul").evaluate((ul) => getComputedStyle(ul).overflowY),
    "the list doesn't scroll inside the panel",
  ).toBe("visible");
  for (const [id, quantity] of lines) {
    const line = dialog.locator(`[data-cart-line='${id}']`);
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    expect(box!.height, `${id} is drawn whole`).toBeGreaterThanOrEqual(80);
    expect(box!.y, `${id} is in view`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${id} is in view`).toBeLessThanOrEqual(400);
    expect(await line.locator("[data-line-total]").innerText()).toContain(lineMoney(id, quantity));
    // Operable where it is: a click on + changes the line.
    await line.getByRole("button", { name: /Increase quantity/ }).click();
    await expect
      .poll(() => line.locator("[data-line-total]").innerText())
      .toContain(lineMoney(id, quantity + 1));
  }
  // The totals and buttons follow the lines, reachable by scrolling too.
  const checkout = dialog.getByRole("button", { name: "Checkout" });
  await checkout.scrollIntoViewIfNeeded();
  expect(await checkout.isVisible()).toBe(true);
  expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
});
