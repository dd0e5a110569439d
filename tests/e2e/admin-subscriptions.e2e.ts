// Issue 21, the admin's side of subscriptions: a member subscribes; an admin sees the figures
// (the chart has its table), finds the member by e-mail, opens the subscription and pauses it for
// a month (a toast, the status and the history say so, naming the admin), then refunds the first
// box, which the member then sees refunded among their orders; a note about the member is kept
// on the page with who wrote it; credit granted on /admin/credits is e-mailed to the member with
// its reason. The pages have no axe violations and no sideways scroll on a phone.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { sentMail } from "./mail.ts";
import { signedInAdmin, signedInMember } from "./members.ts";

// accounts and shop only look and act as admin@; so does this file.
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

async function checkPage(page: Page) {
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
}

test("an admin finds a member's subscription, sees the figures and pauses it for a month", async ({
  page,
  otherVisitorPage: member,
}) => {
  const email = await signedInMember(member, `adminsub${Date.now()}`);
  await subscribe(member);

  await page.setViewportSize(PHONE);
  await signedInAdmin(page, ADMIN);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Subscriptions" })
    .click();
  await page.getByRole("heading", { name: "Subscriptions", level: 1 }).waitFor();
  expect(Number(await page.getByTestId("active").innerText())).toBeGreaterThanOrEqual(1);
  await expect.poll(() => page.getByTestId("mrr").innerText()).toMatch(/^US\$/);
  await page.getByRole("img", { name: "New and cancelled subscriptions by month" }).waitFor();
  await page.getByText("The same figures as a table").click();
  await page.getByTestId("months-table").waitFor();
  await checkPage(page);

  await page.getByLabel("Member name or e-mail").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await page.waitForURL(/\/admin\/subscriptions\?q=/);
  await expect
    .poll(() => page.getByRole("status").first().innerText())
    .toContain("1 subscription match");
  await page.locator('table a[href^="/admin/subscriptions/"]').first().click();
  await page.waitForURL(/\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByTestId("subscription-status").innerText()).toBe("Active");
  await page.getByRole("heading", { name: "Boxes" }).waitFor();
  await checkPage(page);

  await page.getByLabel("Pause for").selectOption("1");
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "e-mailed to the member" }).waitFor();
  await expect
    .poll(() => page.getByTestId("subscription-status").innerText())
    .toMatch(/^Paused until /);
  await expect.poll(() => page.getByTestId("history").innerText()).toContain(`Admin ${ADMIN}`);

  // A note about the member, shown with who wrote it; the page has no axe violations with it.
  await page.getByLabel("Add a note").fill("Called about wilted basil: new seedlings next box.");
  await page.getByRole("radio", { name: /^About the member/ }).check();
  await page.getByRole("button", { name: "Add note" }).click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "Note added." }).waitFor();
  await expect
    .poll(() => page.getByTestId("notes").innerText())
    .toMatch(
      /Called about wilted basil: new seedlings next box\.\s+admin@example\.com · .+ · about the member/,
    );
  await checkPage(page);

  // The first box, paid when the member subscribed, has its order as a renewal's box does: the
  // admin refunds it here, and the member sees it among their orders.
  await page.getByRole("button", { name: /^Refund the box of the week starting / }).click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "Refunded US$69.99" }).waitFor();
  await expect.poll(() => page.getByTestId("boxes").innerText()).toContain("Refunded");
  await expect.poll(() => page.getByTestId("history").innerText()).toContain("Refunded US$69.99");
  expect(await page.getByRole("button", { name: /^Refund the box/ }).count()).toBe(0);
  await member.goto("/profile/orders");
  await expect
    .poll(() => member.getByTestId("profile-orders").innerText())
    .toMatch(/Subscription box[\s\S]*refunded[\s\S]*US\$69\.99/i);

  // Searching for nobody says so.
  await page.goto("/admin/subscriptions?q=nobody-at-all-here");
  await page.getByTestId("no-subscriptions").waitFor();
});

// Issue 40: a member phones, and the admin makes every change from the one page at 1280 px: a swap
// in the next box, a plan change (confirming what happens to that swap first), a new address and a
// goodwill credit; each with a toast and in the history with the admin's name, the page without axe
// violations open or confirming, and the member's e-mails (the credit's with its amount and reason)
// arriving.
test("a phone call: the admin swaps, changes plan and address and grants credit on one page", async ({
  page,
  otherVisitorPage: member,
}) => {
  const email = await signedInMember(member, `adminphone${Date.now()}`);
  await subscribe(member);

  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page, ADMIN);
  await page.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
  await page.locator('table a[href^="/admin/subscriptions/"]').first().click();
  await page.waitForURL(/\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  await page.getByRole("heading", { name: "Change for the member" }).waitFor();
  await checkPage(page);
  const done = (text: string) =>
    page.locator("[data-sonner-toast]").filter({ hasText: text }).last().waitFor();
  const open = (change: string) => page.getByTestId(`change-${change}`).locator("summary").click();

  // A swap in the next box: the first item that has another in season.
  await open("swap");
  const swap = page.getByTestId("change-swap").locator("form").first();
  const choice = swap.getByRole("combobox");
  const replacement = await choice.locator("option").nth(1).innerText();
  await choice.selectOption({ label: replacement });
  await checkPage(page);
  await swap.getByRole("button", { name: /^Swap / }).click();
  await done("e-mailed to the member");

  // A smaller plan: the swap's fate is said before anything changes, then confirmed.
  await open("plan");
  await page.getByRole("radio", { name: /^1m²/ }).check();
  await page.getByRole("button", { name: "Change plan" }).click();
  await page.getByRole("heading", { name: /^Change to the 1m² plan/ }).waitFor();
  expect(await page.getByTestId("change-plan").innerText()).toContain(replacement);
  await checkPage(page);
  await page.getByRole("button", { name: "Confirm: change to 1m²" }).click();
  await done("Your plan changes to 1m²");

  // A new address: a refused postcode is said at its field, then the right one saves.
  await open("address");
  await page.getByLabel("Street address").fill("9 Tui Street");
  await page.getByLabel("Postcode").fill("10");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect.poll(() => page.getByLabel("Postcode").getAttribute("aria-invalid")).toBe("true");
  await checkPage(page);
  await page.getByLabel("Postcode").fill("1021");
  await page.getByRole("button", { name: "Save address" }).click();
  await done("Your boxes now go to 9 Tui Street");

  await open("credit");
  await page.getByLabel("Amount in dollars").fill("10");
  await page.getByLabel("Reason", { exact: true }).fill("Basil arrived wilted");
  await page.getByRole("button", { name: "Grant credit" }).click();
  await done("We've added US$10.00 of credit");

  const history = await page.getByTestId("history").innerText();
  for (const said of ["Your plan changes to 1m²", "9 Tui Street", "Basil arrived wilted"])
    expect(history).toContain(said);
  expect(history).toContain(`Admin ${ADMIN}`);
  await checkPage(page);

  const mailOf = (subject: string) =>
    sentMail().find((m) => m.to === email && m.subject === `${subject} | Patch`);
  await expect.poll(() => Boolean(mailOf("Your plan has changed")), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(() => Boolean(mailOf("Your delivery address has changed")), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(() => mailOf("Credit added to your account")?.text ?? "", { timeout: 15_000 })
    .toMatch(/US\$10\.00 of credit to your account: Basil arrived wilted/);
});

test("credit granted on /admin/credits is e-mailed to the member with its reason", async ({
  page,
}) => {
  const email = await signedInMember(page, "credit");
  await page.context().clearCookies();
  await signedInAdmin(page, ADMIN);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/credits?q=${encodeURIComponent(email)}`);
  const grant = page
    .locator("form")
    .filter({ has: page.getByRole("heading", { name: "Grant credit" }) });
  await grant.getByLabel("Amount in dollars").fill("7.50");
  await grant.getByLabel("Reason").fill("Courier left the box in the rain");
  await grant.getByRole("button", { name: "Grant credit" }).click();
  await page
    .getByText(/We've e-mailed them the amount and reason\./)
    .first()
    .waitFor();
  await expect
    .poll(
      () =>
        sentMail().find(
          (m) => m.to === email && m.subject === "Credit added to your account | Patch",
        )?.text ?? "",
      { timeout: 15_000 },
    )
    .toMatch(/US\$7\.50 of credit to your account: Courier left the box in the rain\./);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
});
