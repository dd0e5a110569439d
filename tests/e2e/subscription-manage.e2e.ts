// Issue 21, the member's side: a member subscribes with the demo card, then on
// /profile/subscription skips the next box, pauses deliveries for a month, resumes them, changes
// plan (the page says the new price), and cancels, refusing the one offer with 'No thanks, cancel'.
// Each change is said on the page, e-mailed and listed in the history. 390 and 1280 px; the page
// has no axe violations and no sideways scroll; the offer page works without JavaScript. A journey
// of five changes on a busy machine: each is given 150 s.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { signedInMember, waitForMail } from "./members.ts";

async function subscribe(page: Page) {
  await page.goto("/subscribe?plan=1m2");
  await page.getByLabel("Street address").fill("12 Kowhai Road");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Region").selectOption("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByRole("radio", { name: "Week 2 (8th to 14th)" }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
}

/** The page's confirmation of a change: its status message (and the toast that says it too). */
async function confirmed(page: Page, text: string | RegExp) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

async function checkPage(page: Page, shot: string) {
  // The page itself, not a toast fading in or out over it (axe would measure the blend).
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${shot}.png`, fullPage: true });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a member skips, pauses, resumes, changes plan and cancels, refusing the offer, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = await signedInMember(page, `manage${viewport.width}`);
    await subscribe(page);

    await page.goto("/profile");
    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", {
        name: "Your subscription",
      })
      .click();
    await page.waitForURL(/\/profile\/subscription$/);
    await page.getByRole("heading", { name: "Your next box", level: 3 }).waitFor();
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toContain("Active.");
    await expect.poll(() => page.getByTestId("next-box-amount").innerText()).toContain("US$39.99");
    await checkPage(page, `subscription-${viewport.width}`);

    // Swap an item of the next box for another of its size: nothing is chosen until the member does.
    await page.getByText("Swap an item", { exact: true }).click();
    const swap = page.locator("form:has(select[name=replacementId])").first();
    await swap.locator("select").selectOption({ index: 1 });
    await swap.getByRole("button", { name: "Swap", exact: true }).click();
    await confirmed(page, /Swapped .+ for .+\./);

    // Skip the next box.
    await page.getByRole("button", { name: "Skip this box" }).click();
    await confirmed(page, /is skipped: it isn't charged or sent/);
    await expect.poll(() => page.getByTestId("next-box-date").innerText()).toMatch(/^Skipped: /);
    await page.getByRole("button", { name: "Put this box back" }).waitFor();

    // Pause for a month, then resume.
    await page.getByRole("radio", { name: "1 month" }).check();
    await page.getByRole("button", { name: "Pause deliveries" }).click();
    await confirmed(page, /Your deliveries are paused until/);
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toMatch(/^Paused until /);
    await page.getByRole("button", { name: "Resume deliveries" }).click();
    await confirmed(page, /Your deliveries have resumed/);
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toContain("Active.");

    // Change plan: the swap in the (skipped) box is named first, then the answer says what the
    // price becomes.
    await page.getByRole("radio", { name: /2m²/ }).check();
    await page.getByRole("button", { name: "Change plan" }).click();
    await page
      .getByRole("heading", { name: "Change to the 2m² plan (US$69.99 a month)?" })
      .waitFor();
    await page.getByRole("button", { name: "Confirm: change to 2m²" }).click();
    await confirmed(
      page,
      /Your plan changes to 2m² .*: US\$69\.99 a month instead of US\$39\.99\./,
    );
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toContain("2m² plan, US$69.99 a month");

    // Cancel: one reason, one offer, 'No thanks, cancel' one press away.
    await page.getByRole("radio", { name: "It costs too much" }).check();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL(/\/profile\/subscription\?cancel=too-expensive$/);
    await page.getByRole("heading", { name: "Before you go" }).waitFor();
    await page.getByText("Try the 1m² plan instead").waitFor();
    await page.getByRole("button", { name: "Switch to 1m²" }).waitFor();
    await checkPage(page, `subscription-offer-${viewport.width}`);
    await page.getByRole("button", { name: "No thanks, cancel" }).click();
    await confirmed(page, /Your subscription is cancelled/);
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toMatch(/^Cancelled: ends on /);
    await page.getByRole("button", { name: "Keep my subscription" }).waitFor();

    // The history lists every change, newest first.
    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    const texts = await history.allInnerTexts();
    expect(texts[0]).toContain("Your subscription is cancelled.");
    expect(texts.some((t) => t.includes("Your plan changes to 2m²"))).toBe(true);
    expect(texts.some((t) => t.includes("Your deliveries have resumed."))).toBe(true);
    expect(texts.some((t) => t.includes("Your deliveries are paused until"))).toBe(true);
    expect(texts.some((t) => t.includes("is skipped"))).toBe(true);
    await checkPage(page, `subscription-cancelled-${viewport.width}`);

    expect(texts.some((t) => t.includes("We've swapped"))).toBe(true);
    for (const subject of [
      /An item in your box is swapped/,
      /Your box is skipped/,
      /Your deliveries are paused/,
      /Your deliveries have resumed/,
      /Your plan has changed/,
      /Your subscription is cancelled/,
    ])
      await waitForMail(email, subject);
  }, 150_000);
}

test("without JavaScript the reason leads to the offer and 'No thanks, cancel' cancels", async ({
  page,
  noScriptPage,
}) => {
  await signedInMember(page, "manage-nojs");
  await subscribe(page);
  const cookies = await page.context().cookies();
  await noScriptPage.context().addCookies(cookies);
  await noScriptPage.goto("/profile/subscription");
  await noScriptPage.getByRole("radio", { name: "My garden is full this month" }).check();
  await noScriptPage.getByRole("button", { name: "Cancel subscription" }).click();
  await noScriptPage.getByText("Skip your next box instead").waitFor();
  await noScriptPage.getByRole("button", { name: "No thanks, cancel" }).click();
  await noScriptPage
    .getByRole("status")
    .getByText(/Your subscription is cancelled/)
    .waitFor();
  await noScriptPage.getByText(/^Cancelled: ends on /).waitFor();
});
