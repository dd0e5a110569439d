import { expect, test } from "vitest";
import { articleFrontMatter, legalFrontMatter, monthlyFrontMatter } from "./guidance.schema.ts";

const article = {
  title: "Slug patrol",
  description: "Keep slugs off.",
  topic: "Pests",
  image: "/images/education/slug-patrol.svg",
  imageAlt: "A slug",
  updated: "2026-11-01",
  readingMinutes: 6,
};

test("an updated date read by YAML as a Date becomes the same calendar date", () => {
  const parsed = articleFrontMatter.parse({ ...article, updated: new Date("2026-11-01") });
  expect(parsed.updated).toBe("2026-11-01");
  expect(legalFrontMatter.parse({ ...article, updated: "2026-02-03" }).updated).toBe("2026-02-03");
});

test("front matter must be complete and sensible", () => {
  expect(articleFrontMatter.safeParse({ ...article, topic: " " }).success).toBe(false);
  expect(articleFrontMatter.safeParse({ ...article, image: "https://x/y.png" }).success).toBe(
    false,
  );
  expect(articleFrontMatter.safeParse({ ...article, updated: "1 Nov 2026" }).success).toBe(false);
  expect(monthlyFrontMatter.safeParse({ ...article, month: 13, season: "Summer" }).success).toBe(
    false,
  );
  expect(monthlyFrontMatter.safeParse({ ...article, month: 6, season: "Winter" }).success).toBe(
    true,
  );
});
