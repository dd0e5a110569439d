// Accounts journeys (issue 5): protected page → /login with return, create an account, confirm it
// from the e-mail in the outbox, the user menu, sign out, sign in and back, the admin rule, reset
// the password, the phone menu, and sign-in before JavaScript loads. Issue 17: an address someone
// else signed up first (its owner's link asks for a password), and redirect targets that would
// leave the site or break the answer.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { linkIn } from "#tests/setup/smtp.ts";
import { baseUrl, dataDir, expect, PHONE, test, toastShown as toast } from "./fixtures.ts";
import {
  createAccount,
  PASSWORD,
  signedInAdmin,
  signedInMember,
  signInWith,
  uniqueEmail,
  waitForMail,
  waitForText,
} from "./members.ts";

test("sign up, confirm, user menu, sign out, protected page with return, admin rule", async ({
  page,
}) => {
  const email = uniqueEmail("aroha");
  // A protected page sends an anonymous visitor to /login, keeping where they were going.
  await page.goto("/profile");
  await page.waitForURL(/\/login\?redirectTo=%2Fprofile/);
  await toast(page, "Please log in to access this page");

  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  await toast(page, "Signed in successfully!");

  // The header's user menu replaces Sign In: display name is the part of the e-mail before @.
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByText(email).waitFor();
  expect(await menu.locator("summary").textContent()).toContain(email.split("@")[0]);
  await menu.getByRole("button", { name: "Log out" }).click();
  await toast(page, "Signed out successfully");
  await page.getByRole("link", { name: "Sign In" }).first().waitFor();

  // Sign in from the protected page and come back to it.
  await page.goto("/profile");
  await page.waitForURL(/\/login/);
  await signInWith(page, email);
  await page.waitForURL(`${baseUrl()}/profile`);
  await page.getByRole("heading", { name: "Your profile" }).waitFor();

  // Save the profile: the display name follows the full name.
  await page.getByLabel("Full name").fill("Aroha Ngata");
  await page.getByLabel("Region").selectOption("Canterbury");
  await page.getByLabel("Postcode").fill("8011");
  await page.getByRole("button", { name: "Save profile" }).click();
  await toast(page, "Your profile has been saved.");
  await page.reload();
  expect(await page.getByTestId("user-menu").locator("summary").textContent()).toContain(
    "Aroha Ngata",
  );
  await page.getByText("Climate zone: Canterbury").waitFor();

  // Not an admin: /admin goes home with the spec's toast.
  await page.goto("/admin");
  await page.waitForURL(`${baseUrl()}/`);
  await toast(page, "You don't have permission to access this page");
});

test("wrong password and unknown waitlist e-mail get the spec's messages", async ({ page }) => {
  await page.goto("/auth");
  await signInWith(page, uniqueEmail("nobody"), "not the right password");
  await page
    .getByRole("alert")
    .getByText(
      "Invalid email or password. Please check your credentials or try resetting your password.",
    )
    .waitFor();
  await page.getByRole("link", { name: "Convert from Waitlist" }).click();
  // Its own page: fill its fields once it is there, not the sign-in form on its way out.
  await page.waitForURL(/\/auth\/convert/);
  await page.getByRole("button", { name: "Convert from Waitlist" }).waitFor();
  await page.getByLabel("Email").fill(uniqueEmail("stranger"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Convert from Waitlist" }).click();
  await page
    .getByRole("alert")
    .getByText("Email not found in waitlist. Please sign up normally.")
    .waitFor();
});

test("forgot password: e-mail link, new password, sign in with it", async ({ page }) => {
  const email = uniqueEmail("kowhai");
  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await toast(page, "Signed out successfully");

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in page has an Email field too: fill the reset form's, once it is the page.
  await page.waitForURL(/\/auth\/forgot/);
  await page.getByRole("button", { name: "Send reset link" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page
    .getByRole("status")
    .getByText("Password reset email sent! Check your inbox.")
    .waitFor();
  const mail = await waitForMail(email, /Reset your/);
  await page.goto(linkIn(mail, `${baseUrl()}/api/auth/reset-password/`));
  // The e-mail returns to /auth?mode=reset-password, which sends it on to the mode's own page.
  await page.waitForURL(/\/auth\/reset-password\?/);
  const newPassword = "rimu and totara in the bush";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL(/\/login/);
  await signInWith(page, email, newPassword);
  await page.waitForURL(`${baseUrl()}/`);
  await toast(page, "Signed in successfully!");
});

test("an admin's confirmed address opens /admin with the waitlist size", async ({ page }) => {
  // Made and confirmed here, or signed in if the shop's file (which shares this admin) came first.
  await signedInAdmin(page, "admin@example.com");
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin", exact: true }).waitFor();
  expect(Number(await page.getByTestId("waitlist-size").textContent())).toBeGreaterThanOrEqual(0);
});

test("phone: the menu shows 'Signed in as' with My Profile and Logout", async ({ page }) => {
  const email = uniqueEmail("mere");
  const link = await createAccount(page, email);
  await page.setViewportSize(PHONE);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByRole("button", { name: "Open menu" }).click();
  const block = page.getByTestId("signed-in-as");
  await block.getByText("Signed in as").waitFor();
  await block.getByText(email).waitFor();
  await block.getByRole("link", { name: "My Profile" }).waitFor();
  await block.getByRole("button", { name: "Logout" }).click();
  await toast(page, "Signed out successfully");
});

test("signing in works before JavaScript loads", async ({ page, noScriptPage }) => {
  const email = uniqueEmail("tane");
  const link = await createAccount(page, email);
  // Opened in another browser than the one that signed up, the link asks for the password.
  await noScriptPage.goto(link);
  await noScriptPage.getByRole("heading", { name: "Confirm your email address" }).waitFor();
  await noScriptPage.getByLabel("Password").fill(PASSWORD);
  await noScriptPage.getByRole("button", { name: "Confirm and sign in" }).click();
  await noScriptPage.waitForURL(`${baseUrl()}/`);
  await noScriptPage.goto("/profile");
  await noScriptPage.getByRole("heading", { name: "Your profile" }).waitFor();
  // The account's navigation works without scripts, and says which page is open.
  await noScriptPage.getByRole("link", { name: "Sign-in and security" }).click();
  await noScriptPage.waitForURL(`${baseUrl()}/profile/security`);
  expect(
    await noScriptPage
      .getByRole("link", { name: "Sign-in and security" })
      .getAttribute("aria-current"),
  ).toBe("page");
  await noScriptPage.getByRole("button", { name: "Sign out everywhere" }).click();
  await noScriptPage.goto("/login?redirectTo=%2Faddress");
  await signInWith(noScriptPage, email);
  await noScriptPage.waitForURL(`${baseUrl()}/address`);
  await noScriptPage.getByRole("heading", { name: "Delivery address" }).waitFor();
});

test("phone: verify a number on the profile, then sign in with a texted code", async ({ page }) => {
  const email = uniqueEmail("ruru");
  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  await page.goto("/profile/phone");
  const mobile = `021${String(Date.now()).slice(-7)}`;
  const e164 = `+64${mobile.slice(1)}`;
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await page.getByLabel("6-digit code").fill(await waitForText(e164));
  await page.getByRole("button", { name: "Verify number" }).click();
  await page
    .getByText("Your phone number is verified. You can now sign in with a text message.")
    .first()
    .waitFor();
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await toast(page, "Signed out successfully");
  // Only the newest text counts: wait for a second one after asking to sign in.
  await page.goto("/login?redirectTo=%2Fprofile");
  await page.getByRole("link", { name: "Sign in with a text message instead" }).click();
  await page.getByLabel("Mobile number").fill(mobile);
  const texts = () => readdirSync(join(dataDir(), "sms")).filter((f) => f.endsWith(".json")).length;
  const before = texts();
  await page.getByRole("button", { name: "Text me a code" }).click();
  await page.getByLabel("6-digit code").waitFor();
  for (let i = 0; i < 100 && texts() === before; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.getByLabel("6-digit code").fill(await waitForText(e164));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(`${baseUrl()}/profile`);
  await toast(page, "Signed in successfully!");
});

test("two-factor: set up with an authenticator app, then sign-in asks for its code", async ({
  page,
}) => {
  const email = uniqueEmail("kahu");
  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
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
  expect(await page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
  await section.getByLabel("6-digit code").fill(totp.generate());
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page
    .getByText("Two-factor sign-in is on. Keep your recovery codes somewhere safe.")
    .first()
    .waitFor();

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await toast(page, "Signed out successfully");
  await page.goto("/login?redirectTo=%2Fprofile");
  await signInWith(page, email);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await page
    .getByText("That code isn't right. Check your authenticator app and try again.")
    .first()
    .waitFor();
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${baseUrl()}/profile`);
  await toast(page, "Signed in successfully!");
});

test("an open tab notices when its session was ended on another device", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("kotare");
  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByTestId("user-menu").waitFor();
  // Another device signs in and signs out everywhere.
  const other = await context.browser()!.newContext({ baseURL: baseUrl() });
  const phone = await other.newPage();
  await phone.goto("/login");
  await signInWith(phone, email);
  await phone.waitForURL(`${baseUrl()}/`);
  await phone.goto("/profile/security");
  await phone.getByRole("button", { name: "Sign out everywhere" }).click();
  await phone.waitForURL(`${baseUrl()}/`);
  await other.close();
  // The tab checks every 60 s and whenever it is shown again.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await toast(page, "You've been signed out.");
  await page.getByRole("link", { name: "Sign In" }).first().waitFor();
});

test("a member is sent the kept public page, and the browser fills in their header", async ({
  page,
}) => {
  const email = uniqueEmail("kaka");
  await page.goto(await createAccount(page, email));
  await page.waitForURL(`${baseUrl()}/`);
  // The member's browser now carries the hint cookie (not a credential: its value is 1), set by
  // the server with the page that welcomed them.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "patch.member"))
    .toMatchObject({ value: "1", httpOnly: false });

  // A new visitor's answer is kept; the member is sent the same bytes, with nobody's details.
  await (await fetch(`${baseUrl()}/education`)).text();
  const response = await page.goto("/education");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  expect(await response?.text()).not.toContain(email);
  // After hydration the browser asks who is signed in, and the header shows their menu.
  const menu = page.getByTestId("user-menu");
  await menu.waitFor();
  expect(await menu.locator("summary").textContent()).toContain(email.split("@")[0]);

  // Until that answer comes, the hint shows the account link in place of Sign In.
  await page.route("**/auth/session", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto("/products");
  const account = page.getByRole("link", { name: "Account" });
  expect(await account.isVisible()).toBe(true);
  expect(await account.getAttribute("href")).toBe("/profile");
  expect(await page.getByRole("link", { name: "Sign In" }).isVisible()).toBe(false);
  await page.unroute("**/auth/session");

  // A session older than the hint: the public page shows Sign In, and Sign In sends the member
  // straight back, now with the hint, to a page that shows who they are.
  await page.context().clearCookies({ name: "patch.member" });
  await page.goto("/education");
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await page.waitForURL(`${baseUrl()}/`);
  await menu.waitFor();

  // Signing out ends the hint: the next kept page shows Sign In from the start.
  await page.goto("/profile");
  await menu.locator("summary").click();
  await menu.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Sign In" }).first().waitFor();
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === "patch.member"))
    .toBe(false);
  await page.route("**/auth/session", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto("/education");
  expect(await page.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: "Account" }).isVisible()).toBe(false);
});

test("an address someone else signed up first: its owner's link asks for a password, and the first one stops working", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("kaitiaki");
  // Someone else signs up with the address (their password is PASSWORD).
  const link = await createAccount(page, email);

  // Its owner opens the unsolicited e-mail on their own device.
  const ownerContext = await context.browser()!.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { "x-forwarded-for": "198.18.251.17" },
  });
  const owner = await ownerContext.newPage();
  await owner.goto(link);
  await owner.waitForURL(/\/auth\/confirm-email\?/);
  await owner.getByRole("heading", { name: "Confirm your email address" }).waitFor();
  await owner.getByLabel("Password").fill("the owner's own rimu passphrase");
  await owner.getByRole("button", { name: "Confirm and sign in" }).click();
  await owner.waitForURL(`${baseUrl()}/`);
  await toast(owner, "Your email address is confirmed. Welcome to Patch!");
  await owner.getByTestId("user-menu").locator("summary").click();
  await owner.getByTestId("user-menu").getByText(email).waitFor();
  await ownerContext.close();

  // The password the other person chose opens nothing.
  await page.goto("/auth");
  await signInWith(page, email);
  await page
    .getByRole("alert")
    .getByText(
      "Invalid email or password. Please check your credentials or try resetting your password.",
    )
    .waitFor();
});

test("after signing in, only our own pages: TAB, CR/LF, //host, backslashes, absolute and non-Latin-1 targets go home", async ({
  page,
  noScriptPage,
}) => {
  const ours = new URL(baseUrl()).origin;
  const landedHome = (p: Page) => {
    const url = new URL(p.url());
    expect(url.origin + url.pathname).toBe(`${ours}/`);
  };
  const email = uniqueEmail("hoiho");
  await page.goto(await createAccount(page, email));
  await page.waitForURL(`${baseUrl()}/`);
  // What each decodes to: /<TAB>/evil.example, /<CR><LF>/evil.example, //evil.example, …
  const targets = [
    "%2F%09%2Fevil.example",
    "/%09/evil.example",
    "%2F%0D%0A%2Fevil.example",
    "//evil.example",
    "%2F%5Cevil.example",
    "%2F%252F%252Fevil.example",
    "https%3A%2F%2Fevil.example%2F",
    "%2Fp%C4%81keha",
  ];
  // Signed in already: /login and /auth/callback send the browser on at once.
  for (const target of targets) {
    for (const path of ["/login", "/auth/callback"]) {
      const response = await page.goto(`${path}?redirectTo=${target}`);
      expect(response?.status(), `${path} ${target}`).toBe(200);
      landedHome(page);
    }
  }
  // The sign-in form, before JavaScript and after it: the session arrives and the page is ours.
  for (const target of ["%2F%09%2Fevil.example", "%2Fp%C4%81keha"]) {
    await noScriptPage.goto(`/login?redirectTo=${target}`);
    await signInWith(noScriptPage, email);
    await noScriptPage.waitForURL(`${baseUrl()}/`);
    landedHome(noScriptPage);
    await noScriptPage.goto("/profile/security");
    await noScriptPage.getByRole("heading", { name: "Your profile" }).waitFor();
    await noScriptPage.getByRole("button", { name: "Sign out everywhere" }).click();
  }
  await page.goto("/login?redirectTo=%2F%0D%0A%2Fevil.example");
  await signInWith(page, email);
  await toast(page, "Signed in successfully!");
  await page.waitForURL(`${baseUrl()}/`);
  landedHome(page);
});

test("the account's pages: old section links land on their page, and the navigation fits a phone", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInMember(page, "tieke");
  // Links into the one-page profile's sections (e-mails, bookmarks) reach the page that has them.
  await page.goto("/profile#your-data");
  await page.waitForURL(`${baseUrl()}/profile/privacy#your-data`);
  await page.getByRole("heading", { name: "Your data" }).waitFor();
  await page.goto("/profile#planting-calendar");
  await page.waitForURL(`${baseUrl()}/profile/reminders#planting-calendar`);
  const open = page.getByRole("link", { name: "Reminders and calendar" });
  await expect.poll(() => open.getAttribute("aria-current")).toBe("page");
  // At 390 px the navigation scrolls sideways inside itself, with the open page in sight.
  await page.goto("/profile/privacy");
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await expect.poll(() => page.getByRole("link", { name: "Your data" }).isVisible()).toBe(true);
  const box = await page.getByRole("link", { name: "Your data" }).boundingBox();
  expect(Math.floor(box!.x + box!.width)).toBeLessThanOrEqual(390);
});

test("what a visitor told us before signing up starts their profile (userData), and a broken copy is ignored", async ({
  page,
}) => {
  // SPEC §4: kept in the browser before there is an account, carried into the profile at sign-up.
  // The form sends it as stored; the server reads it with the shared schema.
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "userData",
      JSON.stringify({
        lastUpdated: new Date().toISOString(),
        address: { city: "Dunedin", region: "Otago", zip: "9016" },
        growingSpace: { kind: "Raised bed" },
      }),
    ),
  );
  const email = uniqueEmail("moana");
  await page.goto(await createAccount(page, email));
  await toast(page, "Signed in successfully!");
  await page.goto("/profile");
  await expect.poll(() => page.getByLabel("Town or city").inputValue()).toBe("Dunedin");
  expect(await page.getByLabel("Postcode").inputValue()).toBe("9016");

  // A copy that isn't ours (hand-edited, or another site's) starts an empty profile, no error.
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await toast(page, "Signed out successfully");
  await page.evaluate(() => localStorage.setItem("userData", "{not json"));
  const other = uniqueEmail("tane");
  await page.goto(await createAccount(page, other));
  await toast(page, "Signed in successfully!");
  await page.goto("/profile");
  await page.getByRole("heading", { name: "Your profile" }).waitFor();
  expect(await page.getByLabel("Town or city").inputValue()).toBe("");
});
