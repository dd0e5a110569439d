import { expect, test } from "vitest";
import { getEducationPage } from "./get-education-page.server.ts";

test("an article by its slug", () => {
  const page = getEducationPage({ slug: "slug-patrol" });
  expect(page?.kind).toBe("article");
  if (page?.kind === "article") expect(page.article.path).toBe("/education/slug-patrol");
});

test("a dated issue shows its month's guide under its own heading and address", () => {
  const page = getEducationPage({ slug: "june-2024" });
  expect(page?.kind).toBe("monthly");
  if (page?.kind === "monthly") {
    expect(page.heading).toBe("June 2024 guide");
    expect(page.path).toBe("/education/june-2024");
  }
  expect(getEducationPage({ slug: "august-2025" })?.kind).toBe("monthly");
});

test("any other slug is not found", () => {
  for (const slug of ["june-2023", "june", "monthly", "layouts", "privacy", "../legal/privacy"]) {
    expect(getEducationPage({ slug }), slug).toBeUndefined();
  }
});
