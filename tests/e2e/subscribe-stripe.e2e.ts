// /subscribe with Stripe keys (issue 21, ADR 035) in Chromium, against a server of its own pointed
// at the local fake of Stripe's API. The form is sent, the card step shows (Stripe.js itself comes
// from js.stripe.com, which a test can't reach, so the page says the card form couldn't load); the
// fake then confirms the SetupIntent with a Stripe test card as the Payment Element would, and the
// browser goes where Stripe sends it back: the confirmation page for 4242, the form as it was sent
// with the decline for 4000 0000 0000 0341. Then Stripe's webhook, twice, changes nothing.
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readOutbox } from "#app/modules/notifications/read-outbox.server.ts";
import {
  startStripeApi,
  stripeSettings,
  TEST_CARDS,
  type FakeStripe,
} from "#tests/setup/stripe-api.ts";
import { chromiumPath } from "./chromium.ts";
import { startServer, type ServerProcess } from "./server-process.ts";

const SECRET = "whsec_e2e_subscribe_stripe";
let stripe: FakeStripe;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  stripe = await startStripeApi();
  server = await startServer({ TRUST_PROXY_HOPS: "1", ...stripeSettings(stripe, SECRET) });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

async function mailLink(email: string, path: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const mail = readOutbox(join(server.dataDir, "mail")).find((m) => m.to === email);
    const link = mail?.text.match(new RegExp(`https?://[^\\s]+${path}[^\\s>]*`))?.[0];
    if (link) return link;
    if (Date.now() > until) throw new Error(`no ${path} link to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const [width, card] of [
  [390, TEST_CARDS.visa],
  [1280, TEST_CARDS.declinesAfterAttaching],
] as const) {
  test(`with Stripe keys: form, Stripe's card step, and back (${card.slice(-4)}) at ${width} px`, async () => {
    const page = await browser.newPage({ baseURL: server.url, viewport: { width, height: 900 } });
    const email = `stripe${width}.${Date.now()}@example.nz`;
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("tuatara basking at noon");
    await page.getByRole("button", { name: "Create Account" }).click();
    // The link opened before the sign-up's answer arrives finds a browser that never signed up
    // (no cookie yet) and asks for the password instead: wait for the answer, as a person does.
    await page
      .getByRole("status")
      .getByText("Account created! Please check your email to confirm your account.")
      .waitFor();
    await page.goto(await mailLink(email, "/api/auth/verify-email"));
    await page.waitForURL(`${server.url}/`);

    await page.goto("/subscribe?plan=1m2");
    await page.getByRole("heading", { name: "Start your subscription", level: 1 }).waitFor();
    await page.getByText("Next you'll enter your card securely with Stripe.").waitFor();
    expect(await page.getByLabel("Card number").count()).toBe(0);
    await page.getByLabel("Street address").fill("12 Kowhai Road");
    await page.getByLabel("Town or city").fill("Auckland");
    await page.getByLabel("Region").selectOption("Auckland");
    await page.getByLabel("Postcode").fill("1021");
    await page.getByRole("radio", { name: "Week 3 (15th to 21st)" }).check();
    await page.getByRole("button", { name: "Continue to card" }).click();
    await page.getByRole("heading", { name: "Your card", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Save card and pay US$39.99" }).waitFor();

    // What the Payment Element would do, then where Stripe sends the browser.
    const setup = [...stripe.setupIntents.values()].find((s) => s.metadata.email === email)!;
    expect(setup.metadata).toMatchObject({ plan: "1m2", deliveryWeek: "3", postcode: "1021" });
    stripe.confirmSetupIntent(setup.id, card);
    await page.goto(
      `/subscribe?plan=1m2&setup_intent=${setup.id}&setup_intent_client_secret=${setup.client_secret}&redirect_status=succeeded`,
    );

    if (card === TEST_CARDS.visa) {
      await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
      await page.getByRole("heading", { name: "Your first box is on its way", level: 1 }).waitFor();
      await page.getByText("Visa ending 4242").waitFor();
    } else {
      await page
        .getByRole("alert")
        .getByText("Your card was declined.", { exact: false })
        .waitFor();
      expect(await page.getByLabel("Street address").inputValue()).toBe("12 Kowhai Road");
      expect(await page.getByRole("radio", { name: "Week 3 (15th to 21st)" }).isChecked()).toBe(
        true,
      );
    }

    // Stripe's events for this card, each delivered twice: 200 every time, nothing more charged.
    const charges = () =>
      [...stripe.paymentIntents.values()].filter((pi) => pi.customer === setup.customer).length;
    const before = charges();
    for (const event of stripe.events.filter(
      (e) => e.data.object.id === setup.id || e.data.object.customer === setup.customer,
    )) {
      for (let i = 0; i < 2; i++) {
        const { body, signature } = stripe.signed(event, SECRET);
        const res = await fetch(`${server.url}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body,
        });
        expect(res.status).toBe(200);
      }
    }
    expect(charges()).toBe(before);
    expect(before).toBe(1);
    await page.close();
  });
}
