import { beforeAll, expect, test } from "vitest";
import { setSettings } from "./env.server.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { readToast, redirectWithToast } from "./toast.server.ts";

beforeAll(() => setSettings(testSettings()));

test("a redirect carries a toast to the next page, shown once", async () => {
  const response = await redirectWithToast(new Request("http://x/a"), "/b", {
    type: "success",
    message: "Signed in successfully!",
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/b");
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  const cookie = setCookie.split(";")[0] ?? "";

  const first = await readToast(new Request("http://x/b", { headers: { cookie } }));
  expect(first.toast).toMatchObject({ type: "success", message: "Signed in successfully!" });
  // Reading consumes it: the cookie is deleted (so public pages can come from the page cache
  // again), and even if a browser sent it back it would hold no toast.
  expect(first.setCookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  const next = (first.setCookie ?? "").split(";")[0] ?? "";
  const second = await readToast(new Request("http://x/c", { headers: { cookie: next } }));
  expect(second.toast).toBeNull();
});

test("a forged toast cookie is ignored", async () => {
  const forged = `flash=${btoa(JSON.stringify({ __flash_toast__: { type: "error", message: "x" } }))}`;
  const { toast } = await readToast(new Request("http://x/", { headers: { cookie: forged } }));
  expect(toast).toBeNull();
});
