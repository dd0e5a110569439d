import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { expect, test } from "vitest";
import { compression } from "./compress-pages.ts";

const page = `<!doctype html><html><body>${"<p>Grow your own kai.</p>".repeat(200)}</body></html>`;
const app = new Hono();
app.use(compression());
app.get("/", (c) => c.html(page));
app.get("/small", (c) => c.html("<p>hi</p>"));
app.get("/app.js", (c) =>
  c.body("console.log('hi');".repeat(200), 200, { "content-type": "text/javascript" }),
);
app.get("/api/thing", (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => i) }));

const gzip = { headers: { "accept-encoding": "gzip, deflate, br" } };

test("a rendered page is gzipped whole, and unzips to the same page", async () => {
  const res = await app.request("/", gzip);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBe("gzip");
  expect(res.headers.get("vary")).toContain("Accept-Encoding");
  expect(res.headers.get("content-type")).toContain("text/html");
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.byteLength).toBeLessThan(page.length / 5);
  expect(gunzipSync(body).toString()).toBe(page);
});

test("a page is sent as it is to a client that cannot unzip, and a tiny page is never zipped", async () => {
  const plain = await app.request("/");
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(page);
  const small = await app.request("/small", gzip);
  expect(small.headers.get("content-encoding")).toBeNull();
  expect(await small.text()).toBe("<p>hi</p>");
});

test("static files still stream through compression; API answers are left alone", async () => {
  const js = await app.request("/app.js", gzip);
  expect(js.headers.get("content-encoding")).toBe("gzip");
  expect(gunzipSync(Buffer.from(await js.arrayBuffer())).toString()).toBe(
    "console.log('hi');".repeat(200),
  );
  const api = await app.request("/api/thing", gzip);
  expect(api.headers.get("content-encoding")).toBeNull();
  expect((await api.json()) as unknown).toMatchObject({ items: expect.any(Array) });
});
