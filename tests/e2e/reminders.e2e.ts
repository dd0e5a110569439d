// Text reminders (issue 7): a member verifies their mobile on the profile (the code read from the
// SMS outbox), switches weekly reminders on with consent and gets the confirmation text, replies
// STOP (a signed webhook post) and sees them off, then switches them on again and off from the
// profile.
import type { Page } from "playwright-core";
import { axeViolations } from "./axe.ts";
import { asVisitor, baseUrl, expect, PHONE, test } from "./fixtures.ts";
import { createAccount } from "./members.ts";
import { replyByText, waitForText, WEBHOOK } from "./texts.ts";

/** axe on the reminders panel only (other sections have their own tests). */
async function panelViolations(page: Page) {
  await axeViolations(page); // loads axe into the page
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: object, opts: object) => Promise<{ violations: { id: string }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [['section[aria-labelledby="sms-reminders"]']] },
      { resultTypes: ["violations"] },
    );
    return result.violations.map((v) => v.id);
  });
}

test("text reminders: verify, opt in, STOP by text, opt in again, switch off", async ({ page }) => {
  const email = `piwakawaka.${Date.now()}@example.nz`;
  await page.goto(await createAccount(page, email));
  await page.waitForURL(`${baseUrl()}/`);
  await page.setViewportSize(PHONE);
  await page.goto("/profile/reminders");

  const panel = page.locator("section", {
    has: page.getByRole("heading", { name: "Garden reminders by text" }),
  });
  const status = panel.getByTestId("sms-reminders-status");
  // Without a verified number the panel points to the phone page.
  const verifyFirst = panel.getByRole("link", { name: /Verify your number/ });
  await verifyFirst.waitFor();
  expect(await panel.getByRole("button", { name: "Turn on text reminders" }).count()).toBe(0);
  await verifyFirst.click();
  await page.waitForURL(`${baseUrl()}/profile/phone`);

  // Verify the mobile number with the texted code.
  const mobile = `022${String(Date.now()).slice(-7)}`;
  const e164 = `+64${mobile.slice(1)}`;
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Text me a code" }).click();
  const codeText = await waitForText(e164, /\b\d{6}\b/);
  await page.getByLabel("6-digit code").fill(/\b(\d{6})\b/.exec(codeText)![1]!);
  await page.getByRole("button", { name: "Verify number" }).click();
  await page
    .getByText("Your phone number is verified. You can now sign in with a text message.")
    .first()
    .waitFor();
  await page.getByRole("link", { name: "Reminders and calendar" }).click();
  await page.waitForURL(`${baseUrl()}/profile/reminders`);

  // Opt in weekly: consent is needed.
  const turnOn = panel.getByRole("button", { name: "Turn on text reminders" });
  await turnOn.click();
  await panel
    .getByTestId("error-summary")
    .getByText("Please tick the box to agree to reminder texts.")
    .waitFor();
  expect(await panelViolations(page)).toEqual([]);
  await panel.getByRole("radio", { name: /Weekly/ }).check();
  await panel.getByRole("checkbox", { name: /I agree to receive garden reminder texts/ }).check();
  await turnOn.click();
  await status.getByText(/Reminders on:/).waitFor();
  const display = `+64 ${mobile.slice(1, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`;
  expect(await status.textContent()).toMatch(
    new RegExp(`Reminders on: weekly, to \\${display} since \\d{1,2} [A-Z][a-z]{2} \\d{4}`),
  );
  expect(await panelViolations(page)).toEqual([]);
  const confirmation = await waitForText(e164, /signed up/);
  expect(confirmation).toBe(
    "Patch: you're signed up for weekly garden reminders, each Friday evening about Saturday's garden session. Change them any time in your profile. Reply STOP to end.",
  );

  // STOP by text ends them; the profile shows them off.
  const stop = await replyByText(e164, "Stop");
  expect(stop.status).toBe(200);
  expect(stop.headers.get("content-type")).toContain("text/xml");
  expect(await stop.text()).toContain("Patch: you're unsubscribed");
  // A forged reply is refused.
  const forged = await fetch(`${baseUrl()}${WEBHOOK}`, {
    method: "POST",
    headers: asVisitor({
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": "AAAA",
    }),
    body: new URLSearchParams({ From: e164, Body: "STOP" }).toString(),
  });
  expect(forged.status).toBe(403);
  await page.reload();
  await status.getByText("Reminders off.").waitFor();
  await status.getByText("They ended when you replied STOP.").waitFor();

  // On again (monthly this time), then off from the profile.
  await panel.getByRole("radio", { name: /Monthly/ }).check();
  await panel.getByRole("checkbox", { name: /I agree to receive garden reminder texts/ }).check();
  await turnOn.click();
  await status.getByText(/Reminders on:/).waitFor();
  expect(await status.textContent()).toContain("monthly");
  await waitForText(e164, /signed up for monthly garden reminders/);
  await panel.getByRole("button", { name: "Switch off text reminders" }).click();
  await status.getByText("You switched them off here.").waitFor();
  await page.reload();
  await status.getByText("Reminders off.").waitFor();
  expect(await panel.getByRole("button", { name: "Switch off text reminders" }).count()).toBe(0);
});
