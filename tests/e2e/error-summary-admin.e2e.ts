// One error pattern on the admin forms and the waitlist form (issue 39): each form, sent with its
// fields wrong, comes back with the error summary at its top ('There is a problem'), which has
// focus; each of its links points at a field on the page, and following it focuses that field;
// the field says its message too, and nothing says it a third time (no toast). The waitlist at
// 390 px, with JavaScript and without (the server's answer focuses the summary by autofocus); the
// admin forms at 1280 px. The browser's own checks (required, min) are turned off before sending,
// so the server's answer is what is seen, as with a browser that has none.
import type { Locator, Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { signedInAdmin, signedInMember, subscribeWithDemoCard, uniqueEmail } from "./members.ts";

const ADMIN = "admin@example.com";

/** Sends a form with the browser's own checks off, pressing its button. */
async function sendUnchecked(form: Locator, button: Locator) {
  await form.evaluate((f) => {
    (f as HTMLFormElement).noValidate = true;
  });
  await button.click();
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

/**
 * The summary is shown and focused, and lists `messages` (at least). Each link's field exists;
 * with `follow`, clicking the link focuses it. Each message is said at its field too, and no
 * toast says it as well. Answers the summary's link targets.
 */
async function expectSummary(
  page: Page,
  scope: Locator,
  { follow = true }: { follow?: boolean } = {},
): Promise<string[]> {
  const summary = scope.getByTestId("error-summary");
  await summary.waitFor();
  await expect.poll(() => focusedTestId(page)).toBe("error-summary");
  expect(await summary.getByRole("heading", { name: "There is a problem" }).count()).toBe(1);
  const links = summary.getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^#.+/);
    const id = decodeURIComponent(href.slice(1));
    ids.push(id);
    const message = (await link.innerText()).trim();
    const field = page.locator(`[id="${id}"]`);
    expect(await field.count(), `the field of "${message}" (#${id})`).toBe(1);
    // The field says it too: its own text, or a message its control points at.
    const described = await field.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .filter(Boolean)
        .map((d) => document.getElementById(d)?.textContent ?? "")
        .join(" "),
    );
    expect(described, `#${id} says "${message}"`).toContain(message);
    if (follow) {
      await link.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
  }
  // Said in the summary and at the field only: not toasted as well.
  const toasts = await page.locator("[data-sonner-toast]").allInnerTexts();
  for (const text of await links.allInnerTexts())
    expect(toasts.some((t) => t.includes(text.trim()))).toBe(false);
  return ids;
}

test("the waitlist form at 390 px: the summary with JavaScript and without", async ({
  page,
  noScriptPage,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/waitlist");
  const form = page.locator('form[action="/waitlist"]');
  await form.getByLabel("Email").fill("not an address");
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  const ids = await expectSummary(page, form);
  expect(ids.sort()).toEqual(["waitlist-email", "waitlist-region"]);
  // Sent again still wrong, the summary takes focus again.
  await form.getByLabel("Email").focus();
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  await expect.poll(() => focusedTestId(page)).toBe("error-summary");

  await noScriptPage.setViewportSize(PHONE);
  await noScriptPage.goto("/waitlist");
  const plain = noScriptPage.locator('form[action="/waitlist"]');
  await plain.getByLabel("Email").fill("not an address");
  await plain.getByRole("button", { name: "Join Waitlist" }).click();
  // Before scripts, the page answered focuses its summary itself (autofocus).
  expect((await expectSummary(noScriptPage, plain, { follow: false })).sort()).toEqual([
    "waitlist-email",
    "waitlist-region",
  ]);
});

test("the products, stock, forecast, tips, waitlist and saved-reply forms at 1280 px", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, ADMIN);

  // Add a product, nothing filled in.
  await page.goto("/admin/products/new");
  let form = page.locator("main form").first();
  await sendUnchecked(form, page.getByRole("button", { name: "Add product" }));
  expect(await expectSummary(page, form)).toEqual(
    expect.arrayContaining(["name", "category", "price", "summary", "description"]),
  );

  // A product's price, stock and words.
  await page.goto("/admin/products");
  await page.locator('a[href^="/admin/products/"]:not([href$="/new"])').first().click();
  await page.waitForURL(/\/admin\/products\/[^/]+$/);
  form = page.locator("form").filter({ hasText: "Price, stock and words" });
  await form.getByLabel(/^Price/).fill("twelve");
  await form.getByLabel("Stock").fill("-4");
  await sendUnchecked(form, form.getByRole("button", { name: "Save changes" }));
  expect(await expectSummary(page, form)).toEqual(expect.arrayContaining(["price"]));

  // Receive stock, nothing chosen.
  await page.goto("/admin/stock");
  form = page.locator("form").filter({ hasText: "Quantity received" });
  await sendUnchecked(form, form.getByRole("button", { name: "Receive stock" }));
  expect(await expectSummary(page, form)).toEqual(expect.arrayContaining(["itemId", "quantity"]));

  // A packing day's capacity below nothing.
  await page.goto("/admin/forecast");
  form = page.locator("form").filter({ hasText: "Set capacity" });
  await form.getByLabel(/^Capacity of/).fill("-1");
  await sendUnchecked(form, form.getByRole("button", { name: "Set capacity" }));
  expect(await expectSummary(page, form)).toEqual(["capacity"]);

  // Opening a region and starting a wave, the box to be sure not ticked.
  await page.goto("/admin/waitlist");
  form = page.locator("form").filter({ hasText: "Open region and send launch e-mails" });
  await sendUnchecked(form, form.getByRole("button", { name: "Open region and send launch" }));
  expect(await expectSummary(page, form)).toEqual(["open-confirm"]);
  form = page.locator("form").filter({ hasText: "Start wave" });
  await form.getByLabel("Region").selectOption("Nelson");
  await form.getByLabel("Spots").fill("0");
  await form.getByRole("checkbox").check();
  await sendUnchecked(form, form.getByRole("button", { name: "Start wave" }));
  expect(await expectSummary(page, form)).toEqual(["wave-spots"]);

  // Growing tips: sending without the box ticked (when this month's are not sent yet).
  await page.goto("/admin/tips");
  const send = page.getByRole("button", { name: /^Send .* tips now$/ });
  if ((await send.count()) > 0) {
    form = page.locator("form").filter({ has: send });
    await sendUnchecked(form, send);
    expect(await expectSummary(page, form)).toEqual(["tips-confirm"]);
  }

  // A new saved reply with no title or words.
  await page.goto("/admin/coach/replies");
  form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add reply" }) });
  await sendUnchecked(form, form.getByRole("button", { name: "Add reply" }));
  expect(await expectSummary(page, form)).toEqual(expect.arrayContaining(["new-title"]));
});

test("a member's credit, subscription changes and notes at 1280 px", async ({
  page,
  otherVisitorPage: member,
}) => {
  const email = await signedInMember(member, `summary${Date.now()}`);
  await subscribeWithDemoCard(member);
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, ADMIN);

  // Grant credit with no amount or reason.
  await page.goto(`/admin/credits?q=${encodeURIComponent(email)}`);
  let form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Grant credit" }) });
  await sendUnchecked(form, form.getByRole("button", { name: "Grant credit" }));
  expect(await expectSummary(page, form)).toEqual(
    expect.arrayContaining(["grant-amount", "grant-reason"]),
  );

  // The subscription's page: a goodwill credit, the address, and a note, each sent empty.
  await page.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
  await page.locator('table a[href^="/admin/subscriptions/"]').first().click();
  await page.waitForURL(/\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  await page.getByTestId("change-credit").locator("summary").click();
  let change = page.getByTestId("change-credit");
  await sendUnchecked(change.locator("form"), change.getByRole("button", { name: "Grant credit" }));
  change = page.getByTestId("change-credit");
  expect(await expectSummary(page, change)).toEqual(
    expect.arrayContaining(["credit-amount", "credit-reason"]),
  );

  await page.getByTestId("change-address").locator("summary").click();
  change = page.getByTestId("change-address");
  await change.getByLabel("Street address").fill("");
  await change.getByLabel("Town or city").fill("");
  await sendUnchecked(change.locator("form"), change.getByRole("button", { name: "Save address" }));
  expect(await expectSummary(page, page.getByTestId("change-address"))).toEqual(
    expect.arrayContaining(["street", "city"]),
  );

  form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add note" }) });
  await sendUnchecked(form, form.getByRole("button", { name: "Add note" }));
  expect(await expectSummary(page, form)).toEqual(["note-body"]);
});

/** A shop order of one bag of compost, paid with the demo card: its number. */
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

/** A gift of a month of boxes, paid with the demo card: its id. */
async function buyGift(page: Page) {
  await page.goto("/gift");
  await page.getByRole("radio", { name: /^1m²/ }).check();
  await page.getByLabel("Their name").fill("Mere Tane");
  await page.getByLabel("Their email").fill(uniqueEmail("summary-gift"));
  await page.getByLabel("Their region").selectOption("Auckland");
  await page.getByLabel("Your name").fill("Hemi Walker");
  await page.getByLabel("Your email").fill(uniqueEmail("summary-buyer"));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Buy gift" }).click();
  await page.waitForURL(/\/gift\/sent\?gift=/);
  return new URL(page.url()).searchParams.get("gift")!;
}

test("an order's refund and note, and a gift's re-send, at 1280 px", async ({
  page,
  otherVisitorPage: shopper,
}) => {
  const number = await placeOrder(shopper, uniqueEmail("summary-order"));
  const giftId = await buyGift(shopper);
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, ADMIN);

  await page.goto("/admin/orders?status=paid&kind=shop");
  await page.getByRole("link", { name: number }).click();
  await page.waitForURL(/\/admin\/orders\/[^/?]+$/);
  let form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add note" }) });
  await sendUnchecked(form, form.getByRole("button", { name: "Add note" }));
  expect(await expectSummary(page, form)).toEqual(["note-body"]);

  await page.getByTestId("refund-start").click();
  form = page.getByTestId("refund-confirmation");
  await sendUnchecked(form, form.getByRole("button", { name: /^Refund / }));
  form = page.getByTestId("refund-confirmation");
  expect(await expectSummary(page, form)).toEqual(["refund-reason"]);

  await page.goto(`/admin/gifts/${giftId}`);
  form = page.locator("form").filter({ hasText: "Re-send the recipient" });
  await sendUnchecked(form, form.getByRole("button", { name: "Re-send the gift e-mail now" }));
  expect(await expectSummary(page, form)).toEqual(["reason-resend"]);
});
