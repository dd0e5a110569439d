// The sign-in modes moved from `?mode=` to paths of their own: the old URLs, the e-mails' links
// among them, still lead there with their query (tokens, redirectTo) kept.
import { expect, test } from "vitest";
import { authHref, movedMode } from "./auth-paths.ts";

const url = (path: string) => new URL(path, "https://patch.test");

test("an old ?mode= URL goes to its mode's page with the rest of its query", () => {
  expect(movedMode(url("/auth?mode=reset-password&token=abc&error=INVALID_TOKEN"), "sign-in")).toBe(
    "/auth/reset-password?token=abc&error=INVALID_TOKEN",
  );
  expect(movedMode(url("/auth?mode=confirm-email&token=t%2B1"), "sign-in")).toBe(
    "/auth/confirm-email?token=t%2B1",
  );
  expect(movedMode(url("/login?mode=forgot&redirectTo=%2Fprofile"), "sign-in")).toBe(
    "/auth/forgot?redirectTo=%2Fprofile",
  );
  expect(movedMode(url("/auth?mode=sign-up"), "sign-in")).toBe("/signup");
  expect(movedMode(url("/signup?mode=convert"), "sign-up")).toBe("/auth/convert");
});

test("the page's own mode, an unknown one or none stays where it is", () => {
  expect(movedMode(url("/login?mode=sign-in&redirectTo=%2Fp"), "sign-in")).toBeNull();
  expect(movedMode(url("/signup?mode=sign-up"), "sign-up")).toBeNull();
  for (const odd of ["toString", "__proto__", "constructor", "", "SIGN-UP"])
    expect(movedMode(url(`/auth?mode=${odd}`), "sign-in"), odd).toBeNull();
  expect(movedMode(url("/auth"), "sign-in")).toBeNull();
});

test("links between modes keep where the person was going", () => {
  expect(authHref("convert", "/profile?tab=orders")).toBe(
    "/auth/convert?redirectTo=%2Fprofile%3Ftab%3Dorders",
  );
  expect(authHref("sign-in", "")).toBe("/auth");
  expect(authHref("sign-up", "/address")).toBe("/signup?redirectTo=%2Faddress");
});
