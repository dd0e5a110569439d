// Deleting an account ends its money relationship (ADR 059), in the browser: a member who has just
// subscribed (their first box paid, not packed yet) is told on /profile/privacy that the
// subscription ends and the card goes, and must choose whether the paid box is refunded or still
// delivered; without a choice the form says so beside the choice; with one, the account is deleted
// and can no longer sign in. The page has no axe violations with the choice on it.
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, expect, test, toastShown } from "./fixtures.ts";
import { PASSWORD, signedInMember } from "./members.ts";

test("a member with a paid box chooses its refund, and the account with its subscription is gone", async ({
  page,
}) => {
  await signedInMember(page, "delete-money");
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

  await page.goto("/profile/privacy");
  await page.getByText("Your subscription ends straight away").waitFor();
  await page.getByText(/is paid \(US\$39\.99\) but not packed yet/).waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  const form = page.locator("form").filter({ hasText: "Delete my account" });
  await form.getByLabel("I understand my account can't be recovered.").check();
  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await form
    .getByText("Choose whether we refund your paid box or still deliver it.")
    .first()
    .waitFor();

  await form.getByRole("radio", { name: /^Refund it/ }).check();
  await form.getByLabel("I understand my account can't be recovered.").check();
  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await toastShown(page, "Your account and profile have been deleted.");
  await page.goto("/profile/privacy");
  await page.waitForURL(/\/(login|auth)/);
});
