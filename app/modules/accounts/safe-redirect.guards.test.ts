// Where a sign-in may send someone back to: only our own pages (issue 17, open redirects).
import { expect, test } from "vitest";
import { safeRedirect } from "./accounts.schema.ts";

test("our own paths are kept as given, query and all", () => {
  expect(safeRedirect("/profile")).toBe("/profile");
  expect(safeRedirect("/orders/abc?tab=items#top")).toBe("/orders/abc?tab=items#top");
  expect(safeRedirect("/", "/elsewhere")).toBe("/");
});

test("nothing given falls back, by default to the home page", () => {
  expect(safeRedirect(null)).toBe("/");
  expect(safeRedirect(undefined)).toBe("/");
  expect(safeRedirect("")).toBe("/");
  expect(safeRedirect(null, "/profile")).toBe("/profile");
  expect(safeRedirect("", "")).toBe("");
});

test("other sites, in every spelling a browser follows, fall back", () => {
  for (const to of [
    "https://evil.example/profile",
    "evil.example",
    "//evil.example",
    "//evil.example/profile",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
  ]) {
    expect(safeRedirect(to, "/fallback"), to).toBe("/fallback");
  }
});

test("the API is never a place to return to", () => {
  expect(safeRedirect("/api/auth/sign-out", "/fallback")).toBe("/fallback");
  expect(safeRedirect("/api/", "/fallback")).toBe("/fallback");
  // Pages whose names merely start with "api" are pages.
  expect(safeRedirect("/apiary-guide")).toBe("/apiary-guide");
});
