// Issue 39's proof, the journeys beside the plan card's (journeys.e2e.ts): a gift's recipient who
// has no account yet, and a launch wave's claim, each creating the account on the way and
// confirming the e-mail in a second browser, landing back where they were going with the code or
// the region still chosen; an admin's sign-in landing on /admin, or on the admin page they asked
// for; and a signed-in member finding 'My box', 'My garden' and 'Gift a box' and their next box
// on the home page. 390 and 1280 px, with axe. Manawatu-Wanganui is this file's own region.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { axeViolations } from "./axe.ts";
import {
  animationsDone,
  asVisitor,
  baseUrl,
  DESKTOP,
  expect,
  PHONE,
  test,
  visitorAddress,
} from "./fixtures.ts";
import { confirmFrom, linkFrom, mailTo } from "./mail.ts";
import {
  PASSWORD,
  signedInAdmin,
  signedInMember,
  signInWith,
  uniqueEmail,
  waitForMail,
} from "./members.ts";

async function pageIsSound(page: Page) {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

/** Creates the account from the page it is on, and answers the confirmation e-mail's link. */
async function createAccountHere(page: Page, email: string): Promise<string> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page
    .getByText("Account created! Please check your email to confirm your account.")
    .first()
    .waitFor();
  return linkIn(
    await waitForMail(email, /Confirm your email/),
    `${baseUrl()}/api/auth/verify-email`,
  );
}

/** Opens the confirmation link in another browser, which asks for the password there. */
async function confirmElsewhere(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a gift's recipient with no account signs up from the e-mail's link and redeems it, at ${viewport.width} px`, async ({
    page: buyer,
    otherVisitorPage: recipient,
  }) => {
    const to = uniqueEmail(`aroha${viewport.width}`);
    await buyer.goto("/gift");
    await buyer.getByRole("radio", { name: /^1m²/ }).check();
    await buyer.getByRole("radio", { name: /^3 months/ }).check();
    await buyer.getByLabel("Their name").fill("Aroha Ngata");
    await buyer.getByLabel("Their email").fill(to);
    await buyer.getByLabel("Their region").selectOption("Auckland");
    await buyer.getByLabel("Your name").fill("Wiremu Ngata");
    await buyer.getByLabel("Your email").fill(uniqueEmail(`wiremu${viewport.width}`));
    await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyer.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await buyer.getByLabel("Security code (CVC)").fill("123");
    await buyer.getByRole("button", { name: "Buy gift" }).click();
    await buyer.waitForURL(/\/gift\/sent\?gift=/);
    const mail = await waitForMail(to, /^Wiremu Ngata has sent you a Patch garden box gift$/);
    const link = linkIn(mail, `${baseUrl()}/gift/redeem?code=`);

    // Signed out, the link's page makes the account in place: no sign-in page, no red toast.
    await recipient.setViewportSize(viewport);
    await recipient.goto(link);
    await recipient.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(recipient.url()).toBe(link);
    expect(await recipient.getByText("Please log in").count()).toBe(0);
    await pageIsSound(recipient);
    const confirm = await createAccountHere(recipient, to);

    // The e-mail opened on another device: it lands on the gift, the code kept.
    await buyer.context().clearCookies();
    await buyer.setViewportSize(viewport);
    await confirmElsewhere(buyer, confirm);
    await buyer.waitForURL(link);
    await buyer
      .getByRole("heading", { name: "Wiremu Ngata has given you 3 months of the 1m² box" })
      .waitFor();
    // The soonest first box is chosen, and every week says when its first box comes.
    const weeks = buyer.getByRole("radio", { name: /^Week \d/ });
    expect(await weeks.count()).toBe(4);
    for (const week of await weeks.all())
      expect(await week.evaluate((el) => el.closest("label")?.innerText ?? "")).toMatch(
        /First box in the week of \w+day \d{1,2} \w+ \d{4}/,
      );
    expect(await buyer.locator('input[name="deliveryWeek"]:checked').count()).toBe(1);
    await pageIsSound(buyer);

    await buyer.getByLabel("Street address").fill("3 Rimu Street");
    await buyer.getByLabel("Town or city").fill("Auckland");
    await buyer.getByLabel("Region").selectOption("Auckland");
    await buyer.getByLabel("Postcode").fill("1021");
    await buyer.getByRole("button", { name: "Redeem my gift" }).click();
    await buyer.waitForURL(/\/subscribe\/confirmed\?subscription=/);
    await expect
      .poll(() => buyer.getByTestId("prepaid").innerText())
      .toContain("this box and 2 more are prepaid");
  }, 150_000);

  test(`an admin's first sign-in lands on /admin, and a signed-out admin link lands on its page, at ${viewport.width} px`, async ({
    page,
    otherVisitorPage: later,
  }) => {
    await page.setViewportSize(viewport);
    // Made on first use (then confirmed, which signs in) or signed in: either way, /admin.
    await signedInAdmin(page, "admin@example.com");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await pageIsSound(page);

    // Signed out, a deep admin link goes to sign-in and comes back to it.
    await later.setViewportSize(viewport);
    await later.goto("/admin/gifts");
    await later.waitForURL(/\/login\?redirectTo=%2Fadmin%2Fgifts/);
    await signInWith(later, "admin@example.com");
    await later.waitForURL(`${baseUrl()}/admin/gifts`);
  });

  test(`a signed-in member finds My box, My garden and Gift a box, and their next box on the home page, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInMember(page, `nav${viewport.width}`);
    await page.goto("/subscribe?plan=1m2");
    await page.getByLabel("Street address").fill("12 Kowhai Road");
    await page.getByLabel("Town or city").fill("Auckland");
    await page.getByLabel("Region").selectOption("Auckland");
    await page.getByLabel("Postcode").fill("1021");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Start my subscription" }).click();
    await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);

    // The subscription's address filled the profile's region and town (issue 39 §8).
    await page.goto("/profile");
    expect(await page.getByLabel("Region").inputValue()).toBe("Auckland");
    expect(await page.getByLabel("Town or city").inputValue()).toBe("Auckland");

    await page.goto("/");
    const panel = page.getByTestId("member-home");
    await panel.getByRole("heading", { name: /^Your next box: week of \w+day \d/ }).waitFor();
    expect(await panel.innerText()).toMatch(/1m² plan · Active/);
    expect(await panel.innerText()).toMatch(/Skip it or swap an item until \w+day \d/);
    expect(await panel.getByRole("listitem").count()).toBeGreaterThan(0);
    await pageIsSound(page);

    // In the menu (the user menu on a desktop, the full-screen menu on a phone) and the footer.
    let menu;
    if (viewport === PHONE) {
      await page.getByRole("button", { name: "Open menu" }).click();
      menu = page.getByTestId("signed-in-as");
    } else {
      await page.getByTestId("user-menu").locator("summary").click();
      menu = page.getByTestId("user-menu");
    }
    for (const [name, href] of [
      ["My box", "/profile/subscription"],
      ["My garden", "/garden"],
      ["Gift a box", "/gift"],
    ]) {
      expect(await menu.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
      expect(
        await page.locator("footer").getByRole("link", { name, exact: true }).getAttribute("href"),
      ).toBe(href);
    }
    await menu.getByRole("link", { name: "My box", exact: true }).click();
    await page.waitForURL(`${baseUrl()}/profile/subscription`);
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a launch wave's claim with no account yet signs up on /subscribe, confirms in another browser and subscribes there, at ${viewport.width} px`, async ({
    page: admin,
    otherVisitorPage: person,
  }) => {
    const region = "Manawatu-Wanganui";
    const email = uniqueEmail(`claim${viewport.width}`);
    const joined = await fetch(`${baseUrl()}/api/waitlist`, {
      method: "POST",
      headers: asVisitor(
        { "Content-Type": "application/json", Origin: baseUrl() },
        visitorAddress(),
      ),
      body: JSON.stringify({ email, region }),
    });
    expect(joined.status).toBe(201);
    await confirmFrom(await mailTo(email));

    await signedInAdmin(admin, "admin@example.com");
    await admin.goto("/admin/waitlist");
    const waves = admin.locator("#waves");
    await waves.getByLabel("Region").selectOption(region);
    await waves.getByLabel("Spots").fill("1");
    await waves.getByLabel("I'm sure: this e-mails that many people").check();
    await waves.getByRole("button", { name: "Start wave" }).click();
    await admin.getByTestId(`waves-${region}`).waitFor();

    const invite = await waitForMail(email, new RegExp(`Your spot is ready`));
    await person.setViewportSize(viewport);
    await person.goto(linkFrom(invite, "/waitlist/claim?token="));
    await person.getByRole("button", { name: "Claim my spot" }).click();
    await person.waitForURL(/\/subscribe\?/);
    const target = new URL(person.url());
    await person.getByRole("heading", { name: "Create an account" }).waitFor();
    const confirm = await createAccountHere(person, email);

    await admin.context().clearCookies();
    await admin.setViewportSize(viewport);
    await confirmElsewhere(admin, confirm);
    await admin.waitForURL(target.href);
    await admin.getByRole("heading", { name: "Start your subscription", level: 1 }).waitFor();
    expect(await admin.getByLabel("Region").inputValue()).toBe(region);
    await pageIsSound(admin);
    await admin.getByLabel("Street address").fill("8 Rangitikei Street");
    await admin.getByLabel("Town or city").fill("Palmerston North");
    await admin.getByLabel("Postcode").fill("4410");
    await admin.getByLabel("Card number").fill("4242 4242 4242 4242");
    await admin.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await admin.getByLabel("Security code (CVC)").fill("123");
    await admin.getByRole("button", { name: "Start my subscription" }).click();
    await admin.waitForURL(/\/subscribe\/confirmed\?subscription=/);
    await admin.getByRole("heading", { name: "Your first box is on its way", level: 1 }).waitFor();
  }, 150_000);
}
