// The whole of a new customer's path over real HTTPS, as every host runs the site: Chromium talks
// TLS to a local TLS-terminating proxy (node:https with a certificate made for this run by
// openssl), which speaks plain http to the production build and appends X-Forwarded-For, as a
// load balancer does. SITE_URL is the proxy's https:// address and TRUST_PROXY_HOPS is 1. Sign-up,
// the e-mail's confirmation link, a shop checkout and a subscription all go through; the session
// cookie is Secure and HttpOnly; a form posted from a foreign origin is still refused.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readOutbox } from "#app/modules/notifications/read-outbox.server.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { chromiumPath } from "./chromium.ts";
import { waitForHydration } from "./fixtures.ts";
import { freePort, startServer, type ServerProcess } from "./server-process.ts";

let server: ServerProcess;
let proxy: https.Server;
let browser: Browser;
let site: string;

/** A self-signed certificate for localhost, made for this run. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "patch-tls-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "2",
    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
  ], { stdio: "ignore" }); // prettier-ignore
  return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
}

beforeAll(async () => {
  const port = await freePort();
  site = `https://localhost:${port}`;
  server = await startServer({ SITE_URL: site, TRUST_PROXY_HOPS: "1" });
  const upstream = new URL(server.url);
  proxy = https.createServer(certificate(), (req, res) => {
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const up = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwarded, "x-forwarded-proto": "https" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(port, "127.0.0.1", r));
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => proxy?.close(r));
  await server?.stop();
});

async function mailLink(email: string, path: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = readOutbox(join(server.dataDir, "mail")).find((m) => m.to === email);
    const link = mail?.text.match(new RegExp(`https://[^\\s]+${path}[^\\s>]*`))?.[0];
    if (link) return link;
    if (Date.now() > until) throw new Error(`no ${path} link to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("over HTTPS: sign up, confirm, buy from the shop and subscribe; the session cookie is Secure", async () => {
  const context = await browser.newContext({
    baseURL: site,
    ignoreHTTPSErrors: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const go = async (path: string) => waitForHydration(page, await page.goto(path));
  const email = `tls.${Date.now()}@example.nz`;

  await go("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("tuatara basking at noon");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page
    .getByRole("status")
    .getByText("Account created! Please check your email to confirm your account.")
    .waitFor();
  // The e-mail's link is on the public https:// address, and it signs this browser in.
  const confirm = await mailLink(email, "/api/auth/verify-email");
  expect(confirm.startsWith(`${site}/`)).toBe(true);
  await go(confirm);
  await page.waitForURL(`${site}/`);
  const session = (await context.cookies()).find((c) => /session/i.test(c.name));
  expect(session, "a session cookie").toBeDefined();
  expect(session).toMatchObject({ secure: true, httpOnly: true });

  // The shop: a product into the cart, the checkout's steps, the demo card, the confirmation.
  await go("/product/hand-trowel");
  await page.getByRole("button", { name: "Add to cart: Stainless Hand Trowel" }).first().click();
  await go("/checkout");
  await page.getByRole("heading", { name: "Checkout" }).waitFor();
  await page.getByLabel("Full name").fill("Mere Tūhoe");
  const emailField = page.getByLabel("Email");
  if ((await emailField.inputValue()) === "") await emailField.fill(email);
  await page.getByRole("button", { name: "Continue to delivery address" }).click();
  await page.getByLabel("Street address").fill("42 Tōtara Lane");
  await page.getByLabel("Town or city").fill("Masterton");
  await page.getByLabel("Postcode").fill("5810");
  await page.getByLabel("Region").selectOption("Wellington");
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await page.waitForURL(/\/post-checkout\?order=/);
  await page.getByRole("heading", { name: "Thank you, Mere Tūhoe!" }).waitFor();

  // A subscription in Auckland (open in the demo data) with the demo card.
  await go("/subscribe?plan=1m2&region=Auckland");
  await page.getByLabel("Street address").fill("12 Kowhai Road");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
  await page.getByRole("heading", { name: "Your first box is on its way", level: 1 }).waitFor();
  await context.close();
});

test("over HTTPS a form posted from another origin is refused", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const body = new URLSearchParams({
      intent: "sign-in",
      email: "nobody.here@example.nz",
      password: "not the right one at all",
    }).toString();
    const req = https.request(
      `${site}/login`,
      {
        method: "POST",
        rejectUnauthorized: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://evil.example",
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  expect(status).toBe(403);
});
