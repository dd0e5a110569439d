// The origin check on its own, every way a request can say where it came from (issue 17: the
// mutation bench found these cases unasserted).
import { Hono } from "hono";
import { expect, test } from "vitest";
import { originCheck } from "./origin-check.ts";

const REFUSED = { error: "This request came from another site and was refused." };

function app(exempt?: string[]) {
  const a = new Hono();
  a.use(
    exempt
      ? originCheck("https://patch.test/some/page", exempt)
      : originCheck("https://patch.test"),
  );
  a.all("*", (c) => c.text("done"));
  return a;
}

const send = (method: string, path: string, headers: Record<string, string> = {}, a = app()) =>
  a.request(`https://patch.test${path}`, { method, headers });

test("reading methods pass whatever their origin", async () => {
  for (const method of ["GET", "HEAD", "OPTIONS"]) {
    const res = await send(method, "/cart", {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res.status, method).toBe(200);
  }
});

test("every state-changing method from a foreign origin is refused with a readable reason", async () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const res = await send(method, "/cart", { origin: "https://evil.example" });
    expect(res.status, method).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
  }
});

test("our own origin passes, and so does the origin the request was addressed to", async () => {
  expect((await send("POST", "/cart", { origin: "https://patch.test" })).status).toBe(200);
  const other = new Hono();
  other.use(originCheck("https://patch.test"));
  other.post("*", (c) => c.text("done"));
  // Reached as http://localhost:3000 (a health check, a local run): that origin is its own.
  const local = await other.request("http://localhost:3000/cart", {
    method: "POST",
    headers: { origin: "http://localhost:3000" },
  });
  expect(local.status).toBe(200);
  // A look-alike is neither.
  const lookalike = await send("POST", "/cart", { origin: "https://patch.test.evil.example" });
  expect(lookalike.status).toBe(403);
});

test("the site's origin is its scheme, host and port, not its path", async () => {
  // Addressed to another host (behind a proxy), the page's own origin still passes.
  const res = await app(["/hooks/"]).request("http://10.0.0.5:3000/cart", {
    method: "POST",
    headers: { origin: "https://patch.test" },
  });
  expect(res.status).toBe(200);
});

test("without an Origin header, Sec-Fetch-Site decides", async () => {
  for (const site of ["cross-site", "same-site"]) {
    const res = await send("POST", "/cart", { "sec-fetch-site": site });
    expect(res.status, site).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
  }
  for (const site of ["same-origin", "none"]) {
    expect((await send("POST", "/cart", { "sec-fetch-site": site })).status, site).toBe(200);
  }
  // Neither header (curl, a server-side caller): nothing says it came from a foreign page.
  expect((await send("POST", "/cart")).status).toBe(200);
});

test("signed webhooks are exempt by path prefix, and only they", async () => {
  const foreign = { origin: "https://api.stripe.com" };
  expect((await send("POST", "/api/webhooks/stripe", foreign)).status).toBe(200);
  expect((await send("POST", "/api/webhook", foreign)).status).toBe(403);
  expect((await send("POST", "/cart/api/webhooks/stripe", foreign)).status).toBe(403);
  // A list of its own replaces the default.
  const a = app(["/hooks/"]);
  expect((await send("POST", "/hooks/twilio", foreign, a)).status).toBe(200);
  expect((await send("POST", "/api/webhooks/stripe", foreign, a)).status).toBe(403);
  // Any one of several prefixes is enough.
  const two = app(["/hooks/", "/sms/"]);
  expect((await send("POST", "/sms/inbound", foreign, two)).status).toBe(200);
  expect((await send("POST", "/hooks/twilio", foreign, two)).status).toBe(200);
  expect((await send("POST", "/cart", foreign, two)).status).toBe(403);
});
