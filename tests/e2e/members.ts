// Members in browser tests: unique addresses, creating and confirming an account through the real
// pages and the mail outbox, signing in, and reading texted codes from the SMS outbox.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { parseMessage, type OutboxMessage } from "#app/modules/notifications/read-outbox.server.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { baseUrl, dataDir, toastShown } from "./fixtures.ts";

export const PASSWORD = "kereru on the feijoa tree";
let counter = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.nz`;

export async function waitForMail(to: string, subject: RegExp): Promise<OutboxMessage> {
  const dir = join(dataDir(), "mail");
  const until = Date.now() + 15_000;
  for (;;) {
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).sort().reverse()) {
        if (!file.endsWith(".eml")) continue;
        const message = parseMessage(readFileSync(join(dir, file), "utf8"), file);
        if (message.to.includes(to) && subject.test(message.subject)) return message;
      }
    }
    if (Date.now() > until) throw new Error(`no e-mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function createAccount(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page
    .getByRole("status")
    .getByText("Account created! Please check your email to confirm your account.")
    .waitFor();
  const mail = await waitForMail(email, /Confirm your email/);
  return linkIn(mail, `${baseUrl()}/api/auth/verify-email`);
}

export async function signInWith(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in and waits for the next page's "Signed in successfully!" toast. */
export async function signInAndSeeToast(page: Page, email: string, password = PASSWORD) {
  await signInWith(page, email, password);
  await toastShown(page, "Signed in successfully!");
}

export async function waitForText(to: string): Promise<string> {
  const dir = join(dataDir(), "sms");
  const until = Date.now() + 15_000;
  for (;;) {
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).sort().reverse()) {
        if (!file.endsWith(".json")) continue;
        const text = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
          to: string;
          body: string;
        };
        const code = text.to === to ? /\b(\d{6})\b/.exec(text.body)?.[1] : undefined;
        if (code) return code;
      }
    }
    if (Date.now() > until) throw new Error(`no text to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new member, confirmed and signed in (the confirmation link signs them in). */
export async function signedInMember(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name);
  const link = await createAccount(page, email);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  return email;
}

/**
 * One of the three admin addresses (ADMIN_EMAILS), signed in: made on first use, signed in after.
 * A file whose admin's state matters has one of the three to itself: admin-waitlist ops@,
 * growing-tips grow@ (it switches that admin's tips off). accounts and shop only look and act as
 * admin@, in either order.
 */
export async function signedInAdmin(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await signInWith(page, email);
  // An admin's sign-in to nowhere in particular lands on /admin (issue 39).
  const signedIn = await Promise.race([
    page.waitForURL(`${baseUrl()}/admin`).then(() => true),
    page
      .getByText("Invalid email or password", { exact: false })
      .first()
      .waitFor()
      .then(() => false),
  ]);
  if (signedIn) return;
  await page.goto(await createAccount(page, email));
  await page.waitForURL(`${baseUrl()}/admin`);
}

/** A signed-in member subscribes in Auckland (open in the demo data) with the demo card. */
export async function subscribeWithDemoCard(page: Page, plan = "1m2"): Promise<void> {
  await page.goto(`/subscribe?plan=${plan}&region=Auckland`);
  await page.getByLabel("Street address").fill("12 Kowhai Road");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
}
