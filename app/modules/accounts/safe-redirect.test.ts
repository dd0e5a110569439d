// Where a sign-in may send the browser next (issue 17, findings 3 and 7): only our own paths, read
// back unchanged by the URL parser. Each refused target gets the fallback.
import { expect, test } from "vitest";
import { safeRedirect } from "./accounts.schema.ts";

const refused: [string, string | null | undefined][] = [
  ["nothing", undefined],
  ["null", null],
  ["empty", ""],
  ["protocol-relative //host", "//evil.example"],
  ["three slashes", "///evil.example"],
  ["TAB between slashes (what /%09/ decodes to)", "/\t/evil.example"],
  ["encoded TAB left encoded", "/%09/evil.example"],
  ["encoded NUL", "/%00/evil.example"],
  ["encoded unit separator, upper case", "/%1F/evil.example"],
  ["encoded DEL", "/%7f/evil.example"],
  ["leading TAB", "\t//evil.example"],
  ["CR LF between slashes", "/\r\n/evil.example"],
  ["LF alone", "/\n/evil.example"],
  ["CR LF header injection", "/profile\r\nSet-Cookie: a=b"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash in the query", "/profile?next=\\\\evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slash, lower case", "/%2f/evil.example"],
  ["encoded backslashes", "/%5C%5Cevil.example"],
  ["absolute https URL", "https://evil.example/profile"],
  ["absolute URL to a look-alike of ours", "https://patch.invalid.evil.example/"],
  ["scheme without slashes", "http:evil.example"],
  ["javascript: URL", "javascript:alert(1)"],
  ["data: URL", "data:text/html,hi"],
  ["relative without a leading slash", "profile"],
  ["query only", "?redirectTo=//evil.example"],
  ["hash only", "#top"],
  ["dot segment", "/./profile"],
  ["dot-dot segment", "/a/../profile"],
  ["encoded dot-dot", "/%2e%2e/profile"],
  ["space", "/my profile"],
  ["Latin-1 letter", "/caf\u00e9"],
  ["non-Latin-1 letter (a 500 before)", "/p\u0101keha"],
  ["non-Latin-1 in the query", "/products?q=k\u016bmara"],
  ["line separator", "/\u2028/evil.example"],
  ["emoji", "/\u{1F331}"],
  ["API path", "/api/auth/sign-out"],
  ["API root", "/api"],
  ["very long", `/${"a".repeat(2001)}`],
  ["a URL the parser refuses", "http://[evil.example"],
  ["backslash in the hash", "/profile#\\evil.example"],
];

test.each(refused)("refused: %s", (_name, target) => {
  expect(safeRedirect(target)).toBe("/");
  expect(safeRedirect(target, "")).toBe("");
});

const kept = [
  "/",
  "/profile",
  "/checkout?step=2",
  "/product/%C3%A9?x=a+b#reviews",
  "/login?redirectTo=%2Fprofile",
  "/education/what-is-patch",
  "/apiary",
  // Encoded characters that are not slashes, backslashes or controls are kept.
  "/products?q=%2F",
  "/product/%20a",
  // The longest target kept: 2,000 characters.
  `/${"a".repeat(1999)}`,
];

test.each(kept)("kept: %s", (target) => {
  expect(safeRedirect(target)).toBe(target);
});
