// The paths module is the one list of pages: the sitemap, the page cache and robots.txt read it.
// The addresses themselves must never move (the e2e shell and education tests list them too).
import { expect, test } from "vitest";
import { listEducationPaths } from "#app/modules/guidance/list-education-paths.server.ts";
import { paths, PRIVATE_PREFIXES, PUBLIC_PAGES } from "./paths.ts";
import { isPublicPage } from "./public-pages.ts";

test("builders make the addresses the site has always had", () => {
  expect(paths.productDetail("family-grow-box-kit")).toBe("/product/family-grow-box-kit");
  expect(paths.educationPage("june-2024")).toBe("/education/june-2024");
  expect(paths.monthlyGuide("june")).toBe("/education/monthly/june");
  expect(paths.postCheckout("a b")).toBe("/post-checkout?order=a%20b");
  expect(paths.surveyComplete("space=balcony")).toBe("/survey-complete?space=balcony");
  expect(paths.giftRedeem("7KQ2-M9XD-4HTR-P3WA")).toBe("/gift/redeem?code=7KQ2-M9XD-4HTR-P3WA");
  expect(paths.giftSent("a b")).toBe("/gift/sent?gift=a%20b");
});

test("the sitemap's pages: the fixed ones and every education page the content makes", () => {
  const months = ["january", "february", "march", "april", "may", "june", "july", "august"];
  const listed = [...PUBLIC_PAGES.map((p) => p.path), ...listEducationPaths()].sort();
  expect(listed).toEqual(
    [
      "/",
      "/product",
      "/products",
      "/waitlist",
      "/gift",
      "/about",
      "/education",
      "/education/legacy",
      "/education/what-is-patch",
      "/education/slug-patrol",
      "/education/soil-testing",
      "/education/strawberry-patch",
      "/education/inside-the-box",
      "/education/august-2025",
      "/education/june-2024",
      ...[...months, "september", "october", "november", "december"].map(
        (m) => `/education/monthly/${m}`,
      ),
      "/education/layouts",
      "/calendar",
      "/define-garden",
      "/privacy",
      "/terms",
      "/returns",
    ].sort(),
  );
});

test("the page cache keeps the public pages and nothing personal", () => {
  for (const path of [
    "/",
    "/product",
    "/products",
    "/product/family-grow-box-kit",
    "/education",
    "/education/slug-patrol",
    "/education/june-2024",
    "/education/monthly/june",
    "/education/layouts",
    "/privacy",
    "/terms",
    "/returns",
    "/calendar",
    "/waitlist",
  ]) {
    expect(isPublicPage(path), path).toBe(true);
  }
  for (const path of [
    "/define-garden",
    "/survey-complete",
    "/calendar.ics",
    "/profile",
    "/checkout",
    "/post-checkout",
    "/gift",
    "/gift/redeem",
    "/gift/sent",
    "/admin",
    "/login",
    "/education/monthly/june.data",
    "/education/a/b/c",
  ]) {
    expect(isPublicPage(path), path).toBe(false);
  }
  for (const prefix of PRIVATE_PREFIXES) expect(isPublicPage(prefix), prefix).toBe(false);
});
