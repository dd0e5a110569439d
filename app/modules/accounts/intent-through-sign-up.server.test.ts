// Issue 39: the page a person signed up from (a plan on /subscribe, a gift code, a claim) comes
// back with them through the e-mail confirmation, in the browser that signed up and in any other
// (the link's callbackURL carries it, checked by safeRedirect on the way in and out), and an
// admin's first sign-in lands on /admin.
import { expect, test } from "vitest";
import { linkIn } from "#tests/setup/smtp.ts";
import { cookieHeader, requestMetas } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { accountsAuth, redirectToOfCallback } from "./accounts-auth.server.ts";
import { confirmEmailWithPassword } from "./confirm-email-with-password.server.ts";
import { landingAfterSignIn } from "./outcome.ts";
import { confirmedCallback, signUp } from "./sign-up.server.ts";

const SITE = "https://patch.test";
const meta = requestMetas("198.51.101");
const services = testServices({ smtp: true, emptyBeforeEach: true });
const PLAN_PAGE = "/subscribe?plan=2m2&region=Auckland";

async function openLink(email: string, cookie = "") {
  const [mail] = await services.smtp.waitFor(1);
  expect(mail?.to).toContain(email);
  const link = linkIn(mail!, `${SITE}/api/auth/verify-email`);
  const res = await accountsAuth().handler(
    new Request(link, {
      headers: { "x-patch-client-ip": "198.51.101.1", host: "patch.test", cookie },
    }),
  );
  return { link, location: new URL(res.headers.get("location")!, SITE) };
}

test("opened in another browser, the confirmation link keeps the plan page, and signs in to it", async () => {
  const email = "tui.other@example.nz";
  await signUp({
    input: { email, password: "kowhai flowers in spring" },
    meta: meta(),
    redirectTo: PLAN_PAGE,
  });
  const { link, location } = await openLink(email);
  expect(new URL(link).searchParams.get("callbackURL")).toBe(
    `/auth/callback?redirectTo=${encodeURIComponent(PLAN_PAGE)}`,
  );
  expect(location.pathname).toBe("/auth");
  expect(location.searchParams.get("mode")).toBe("confirm-email");
  expect(location.searchParams.get("redirectTo")).toBe(PLAN_PAGE);

  const owner = await confirmEmailWithPassword({
    input: { token: location.searchParams.get("token"), password: "the owner picked rimu" },
    meta: meta(),
    redirectTo: location.searchParams.get("redirectTo"),
  });
  expect(owner).toMatchObject({ ok: true, redirectTo: PLAN_PAGE });
});

test("opened in the browser that signed up, the link signs in and goes on to the plan page", async () => {
  const email = "tui.same@example.nz";
  const made = await signUp({
    input: { email, password: "kowhai flowers in spring" },
    meta: meta(),
    redirectTo: PLAN_PAGE,
  });
  expect(made.ok).toBe(true);
  const { location } = await openLink(email, cookieHeader(made.ok ? made.cookies : []));
  expect(location.pathname + location.search).toBe(
    `/auth/callback?redirectTo=${encodeURIComponent(PLAN_PAGE)}`,
  );
});

test("an admin's first sign-in, asked to go nowhere in particular, lands on /admin", async () => {
  const email = "ops@example.com";
  await signUp({ input: { email, password: "kowhai flowers in spring" }, meta: meta() });
  const { location } = await openLink(email);
  expect(location.searchParams.has("redirectTo")).toBe(false);
  const admin = await confirmEmailWithPassword({
    input: { token: location.searchParams.get("token"), password: "the owner picked rimu" },
    meta: meta(),
    redirectTo: "/",
  });
  expect(admin).toMatchObject({ ok: true, redirectTo: "/admin" });
});

test("only our own pages are carried: anything else is dropped on the way in and on the way out", () => {
  for (const hostile of [
    "//evil.example",
    "https://evil.example/x",
    "/\t/evil.example",
    "/api/x",
  ]) {
    expect(confirmedCallback({ redirectTo: hostile })).toBe("/auth/callback");
    expect(redirectToOfCallback(`/auth/callback?redirectTo=${encodeURIComponent(hostile)}`)).toBe(
      "",
    );
    expect(landingAfterSignIn(hostile)).toBe("/");
  }
  expect(confirmedCallback({ redirectTo: "/" })).toBe("/auth/callback");
  expect(redirectToOfCallback("https://evil.example/?redirectTo=%2Fgift")).toBe("/gift");
  expect(landingAfterSignIn("/gift/redeem?code=AB", true)).toBe("/gift/redeem?code=AB");
  expect(landingAfterSignIn("", true)).toBe("/admin");
});
