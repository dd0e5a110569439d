// Monthly growing tips (issue 7): a member switches them off in their profile; an admin previews a
// month by climate zone and sends it early; each subscriber gets it once, pressing again sends
// nothing more, and the e-mail's unsubscribe link works.
import type { Page } from "playwright-core";
import { formatTipsMonth, newZealandMonth } from "#app/modules/growing-tips/tips-month.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { axeViolations } from "./axe.ts";
import { asVisitor, baseUrl, expect, PHONE, test } from "./fixtures.ts";
import { confirmFrom, mailTo, sentMail } from "./mail.ts";
import { signedInAdmin, signedInMember, waitForMail } from "./members.ts";

const ADMIN = "grow@example.com";
const month = newZealandMonth(1);
const label = formatTipsMonth(month);
const monthOnly = label.split(" ")[0]!;
let optedOut = "";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

const tipsTo = (email: string) =>
  sentMail().filter((m) => m.to === email && m.subject.startsWith(`${monthOnly} growing tips`));

test("a member switches monthly growing tips off in their profile, on a phone", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  optedOut = await signedInMember(page, "piwakawaka");
  await page.goto("/profile/reminders");
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Monthly growing tips by e-mail" }),
  });
  await expect.poll(() => section.getByTestId("growing-tips-state").innerText()).toMatch(/^On/);
  await section.getByRole("button", { name: "Switch growing tips off" }).click();
  await toast(page, "Monthly growing tips are off.");
  await page.reload();
  await expect.poll(() => section.getByTestId("growing-tips-state").innerText()).toMatch(/^Off/);
  await section.getByRole("button", { name: "Switch growing tips on" }).waitFor();
});

test("an admin previews a month's tips, sends them early once, and the e-mail arrives", async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const waiting = `kotare.${stamp}@example.nz`;
  const res = await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: JSON.stringify({ email: waiting, region: "Otago" }),
  });
  expect(res.ok).toBe(true);
  await confirmFrom(await mailTo(waiting));

  // Strangers can't see the preview.
  expect((await fetch(`${baseUrl()}/admin/tips/preview?month=${month}`)).status).toBe(401);

  await signedInAdmin(page, ADMIN);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Growing tips" })
    .click();
  await page.getByRole("heading", { name: "Monthly growing tips", level: 1 }).waitFor();

  // The next New Zealand month is chosen; preview the cool south's e-mail.
  expect(await page.getByLabel("Month").inputValue()).toBe(month);
  await page.getByLabel("Climate zone").selectOption("cool-south");
  await page.getByRole("button", { name: "Show preview" }).click();
  await page.waitForURL(/zone=cool-south/);
  await expect
    .poll(() => page.getByTestId("tips-subject").innerText())
    .toBe(`${monthOnly} growing tips for the cool south and inland`);
  const preview = page.frameLocator("iframe[title^='Preview of the']");
  await preview.getByRole("heading", { name: `${monthOnly} in your garden` }).waitFor();
  await preview.getByRole("link", { name: `Read the full ${monthOnly} guide` }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // A second tab with the button still showing, to press it again after the first send.
  const second = await context.newPage();
  await second.goto(`/admin/tips?month=${month}`);

  await page.getByLabel("I'm sure: this e-mails every subscriber now, for every zone").check();
  await page.getByRole("button", { name: `Send ${label} tips now` }).click();
  await toast(page, `${label} tips are on their way.`);
  await expect
    .poll(
      async () => (await page.locator("#runs").innerText()).match(/(\d+) of \1 sent/) !== null,
      // The fan-out and one send per zone run through the queue: slow when the machine is busy.
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.getByTestId("month-run").waitFor();
  // (The shared toast is checked by the shell's own tests; let it go before checking this page.)
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  // On a phone the page fits the screen (the runs table scrolls inside its box) and stays accessible.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.getByRole("button", { name: `Send ${label} tips now` }).count()).toBe(0);

  const mail = await waitForMail(waiting, new RegExp(`^${monthOnly} growing tips`));
  expect(mail.subject).toBe(`${monthOnly} growing tips for the cool south and inland`);
  expect(mail.text).toContain(`/education/monthly/${monthOnly.toLowerCase()}`);
  expect(mail.headers["list-unsubscribe"]).toContain("/api/unsubscribe?token=");
  // The admin is a member too and gets the general version (no region yet); the member who
  // switched tips off gets nothing.
  await waitForMail(ADMIN, new RegExp(`^${monthOnly} growing tips for New Zealand gardens`));
  expect(tipsTo(optedOut)).toHaveLength(0);

  await second.getByLabel("I'm sure: this e-mails every subscriber now, for every zone").check();
  await second.getByRole("button", { name: `Send ${label} tips now` }).click();
  await toast(second, `${label} tips were already sent: nothing more was sent.`);
  // The server's queue has nothing left to run for this month: whatever it sent has arrived.
  await expect
    .poll(async () => {
      await second.goto(`/admin/tips?month=${month}`);
      return second.getByTestId("month-run").getAttribute("data-pending");
    })
    .toBe("0");
  expect(tipsTo(waiting)).toHaveLength(1);
  expect(tipsTo(ADMIN)).toHaveLength(1);

  // The unsubscribe link in the e-mail, one click on its page.
  await page.goto(linkIn(mail, `${baseUrl()}/unsubscribe?token=`));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
  // A member's link switches off their tips, which their profile then shows.
  const adminMail = tipsTo(ADMIN)[0]!;
  await page.goto(linkIn(adminMail, `${baseUrl()}/unsubscribe?token=`));
  await page.getByRole("heading", { name: `Unsubscribe ${ADMIN}?` }).waitFor();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByText(`We won't send ${ADMIN} any more monthly growing tips.`).waitFor();
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await expect.poll(() => page.getByTestId("growing-tips-state").innerText()).toMatch(/^Off/);
  await second.close();
}, 120_000);
