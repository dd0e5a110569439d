// One error pattern everywhere (issue 39): each member-facing form sent empty or wrong at 390 px
// answers with the error summary at its top, focused; its links go to fields that exist and focus
// them; each message is said at most twice (the summary and its field, no toast or line above the
// form as well). Without JavaScript the server-rendered answer's summary takes focus (autofocus).
import type { Page } from "playwright-core";
import { axeViolations } from "./axe.ts";
import { animationsDone, expect, PHONE, test } from "./fixtures.ts";
import * as OTPAuth from "otpauth";
import { PASSWORD, signedInMember, signInWith, subscribeWithDemoCard } from "./members.ts";

/** The summary is focused; each link's field exists, takes focus when clicked; no third copy. */
async function summaryWorks(page: Page, { clickLinks = true } = {}): Promise<string[]> {
  const summary = page.getByTestId("error-summary");
  await summary.waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
    .toBe("error-summary");
  expect(await summary.count(), "one summary on the page").toBe(1);
  const links = summary.getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  const messages: string[] = [];
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^#.+/);
    const id = href.slice(1);
    expect(
      await page.evaluate((id) => document.getElementById(id) !== null, id),
      `the field #${id} exists`,
    ).toBe(true);
    messages.push((await link.innerText()).trim());
  }
  // Toasts arrive late: give one a moment to show before counting copies.
  await page.waitForTimeout(300);
  for (const message of messages) {
    const copies = await page.evaluate((m) => document.body.innerText.split(m).length - 1, message);
    expect(copies, `"${message}" shown in the summary and at its field only`).toBeGreaterThan(0);
    expect(copies, `"${message}" shown in the summary and at its field only`).toBeLessThanOrEqual(
      2,
    );
  }
  if (clickLinks) {
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const id = ((await link.getAttribute("href")) ?? "").slice(1);
      await link.click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ""), {
          message: `#${id} focused`,
        })
        .toBe(id);
    }
  }
  return messages;
}

test.describe("at 390 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("sign-in sent empty", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await summaryWorks(page);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("sign-up sent empty", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create Account" }).click();
    await summaryWorks(page);
  });

  test("sign-up with a weak password names the list of reasons", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill("weak.password@example.nz");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await summaryWorks(page);
  });

  test("the sign-up on /subscribe (the shared card) sent empty", async ({ page }) => {
    await page.goto("/subscribe?plan=1m2");
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Create Account" }) });
    await form.evaluate((f) => {
      (f as HTMLFormElement).noValidate = true;
    });
    await form.getByRole("button", { name: "Create Account" }).click();
    await summaryWorks(page);
  });

  test("forgot password sent empty", async ({ page }) => {
    await page.goto("/auth/forgot");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await summaryWorks(page);
  });

  test("the calendar's choices sent empty", async ({ page }) => {
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Make my calendar" }).click();
    await summaryWorks(page);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the survey sent empty", async ({ page }) => {
    await page.goto("/define-garden");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await summaryWorks(page);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the data export with a wrong password", async ({ page }) => {
    await signedInMember(page, "summary-export");
    await page.goto("/profile/privacy");
    await page.getByLabel("Confirm with your password").fill("not my password at all");
    await page.getByRole("button", { name: "Download my data" }).click();
    await summaryWorks(page);
  });

  test("deleting the account without the tick", async ({ page }) => {
    await signedInMember(page, "summary-delete");
    await page.goto("/profile/privacy");
    const form = page.locator("form").filter({ hasText: "Delete my account" });
    await form.getByRole("button", { name: "Delete my account" }).click();
    await summaryWorks(page);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("profile details with a wrong postcode", async ({ page }) => {
    await signedInMember(page, "summary-details");
    await page.goto("/profile");
    await page.getByLabel("Postcode").fill("not a postcode");
    await page.getByRole("button", { name: "Save profile" }).click();
    await summaryWorks(page);
  });

  test("the delivery address with a wrong postcode", async ({ page }) => {
    await signedInMember(page, "summary-address");
    await page.goto("/address");
    await page.getByLabel("Postcode").fill("not a postcode");
    await page.getByRole("button", { name: "Save address" }).click();
    await summaryWorks(page);
  });

  test("the sign-in number sent empty", async ({ page }) => {
    await signedInMember(page, "summary-phone");
    await page.goto("/profile/phone");
    await page.getByRole("button", { name: "Text me a code" }).click();
    await summaryWorks(page);
  });

  test("changing the password sent empty", async ({ page }) => {
    await signedInMember(page, "summary-password");
    await page.goto("/profile/security");
    const form = page.locator("form").filter({ hasText: "Current password" });
    await form.getByRole("button", { name: "Change password" }).click();
    await summaryWorks(page);
  });

  test("changing the email sent empty", async ({ page }) => {
    await signedInMember(page, "summary-email");
    await page.goto("/profile/security");
    const form = page.locator("form").filter({ hasText: "New email address" });
    await form.getByRole("button", { name: "Change email" }).click();
    await summaryWorks(page);
  });

  test("setting up two-factor sign-in with a wrong password", async ({ page }) => {
    await signedInMember(page, "summary-2fa");
    await page.goto("/profile/security");
    const form = page.locator("form").filter({ hasText: "Set up two-factor sign-in" });
    await form.getByLabel("Your password").fill("not my password at all");
    await form.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await summaryWorks(page);
  });

  test("two-factor codes that aren't right, turning it on and signing in", async ({ page }) => {
    const email = await signedInMember(page, "summary-2fa-code");
    await page.goto("/profile/security");
    const section = page.locator("#two-factor").locator("..");
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
    });
    await section.getByLabel("6-digit code").fill("000000");
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await summaryWorks(page);
    await section.getByLabel("6-digit code").fill(totp.generate());
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByTestId("totp-secret").waitFor({ state: "detached" });

    await page.context().clearCookies();
    await page.goto("/login?redirectTo=%2Fprofile");
    await signInWith(page, email);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await summaryWorks(page);
  });

  test("signing in by text message sent empty", async ({ page }) => {
    await page.goto("/auth/phone");
    const form = page.locator("form").filter({ has: page.getByLabel("Mobile number") });
    await form.evaluate((f) => {
      (f as HTMLFormElement).noValidate = true;
    });
    await form.getByRole("button", { name: "Text me a code" }).click();
    await summaryWorks(page);
  });

  test("the subscription's delivery address with a wrong postcode", async ({ page }) => {
    await signedInMember(page, "summary-sub-address");
    await subscribeWithDemoCard(page);
    await page.goto("/profile/subscription");
    const form = page.locator("form").filter({ has: page.getByLabel("Postcode") });
    await form.evaluate((f) => {
      (f as HTMLFormElement).noValidate = true;
    });
    await form.getByLabel("Postcode").fill("not a postcode");
    await form.getByRole("button", { name: "Save address" }).click();
    await summaryWorks(page);
  });

  test("a harvest picked on a day that hasn't come", async ({ page }) => {
    await signedInMember(page, "summary-harvest");
    await page.goto("/garden");
    const log = page.getByRole("region", { name: "Harvest log" });
    await log.getByLabel("Plant", { exact: true }).selectOption({ label: "Radish" });
    await log.getByLabel("Picked on").fill("2099-01-01");
    await log.getByRole("button", { name: "Record harvest" }).click();
    await summaryWorks(page);
  });

  test("a new password too short on the reset page", async ({ page }) => {
    await page.goto("/auth/reset-password?token=not-a-real-token");
    const form = page.locator("form").filter({ hasText: "New password" });
    await form.evaluate((f) => {
      (f as HTMLFormElement).noValidate = true;
    });
    await page.getByLabel("New password").fill("short");
    await form.getByRole("button").last().click();
    await summaryWorks(page);
  });
});

test("without JavaScript the answered page's summary takes focus", async ({ noScriptPage }) => {
  await noScriptPage.setViewportSize(PHONE);
  await noScriptPage.goto("/calendar?region=&plan=");
  await noScriptPage.getByRole("button", { name: "Make my calendar" }).click();
  await summaryWorks(noScriptPage, { clickLinks: false });

  await noScriptPage.goto("/auth");
  await noScriptPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await summaryWorks(noScriptPage, { clickLinks: false });
});
