// The production build behind a TLS-terminating proxy (ADR 062): the proxy speaks plain http to
// the app and passes on the browser's https:// Origin and the X-Forwarded-For it appended to. The
// sign-in form is accepted from the public origin, refused from any other, and a client's own
// X-Forwarded-For entries don't change whom its failures count against.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type ServerProcess } from "./server-process.ts";

const SITE = "https://shop.patch.test";
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ SITE_URL: SITE, TRUST_PROXY_HOPS: "1" });
});
afterAll(async () => {
  await server?.stop();
});

/** A browser's sign-in post as the proxy passes it on. */
const post = (origin: string, forwardedFor: string, password: string) =>
  fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      host: "shop.patch.test",
      "x-forwarded-proto": "https",
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({
      intent: "sign-in",
      email: "nobody.here@example.nz",
      password,
    }).toString(),
  });

test("forms from the public https:// origin are answered; a foreign origin is refused", async () => {
  const ours = await post(SITE, "203.0.113.30", "not the right one at all");
  expect(ours.status).toBe(401);
  expect(await ours.text()).toContain("Invalid email or password");
  for (const origin of ["https://evil.example", "http://shop.patch.test"]) {
    expect((await post(origin, "203.0.113.31", "whatever it is")).status, origin).toBe(403);
  }
});

test("20 wrong passwords from one connection meet the limit whatever the client writes", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await post(SITE, `198.51.100.${i + 1}, 203.0.113.40`, `wrong guess ${i}`);
    statuses.push(res.status);
    await res.body?.cancel();
  }
  // Five attempts a minute per connection, in fixed minutes: 20 posts cross at most one minute's
  // edge, so at most ten are answered and the rest refused. Were the client's own entries
  // believed, each post would be a new connection and none refused.
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
});
