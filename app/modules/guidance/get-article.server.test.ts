import { expect, test } from "vitest";
import { getArticle } from "./get-article.server.ts";

test("an article with its body, topic anchor, related reading and this month's guide", () => {
  const page = getArticle("legacy", { year: 2027, month: 3, day: 1 })!;
  expect(page.article.title).toBe("The Patch philosophy");
  expect(page.article.topicAnchor).toBe("topic-getting-started");
  expect(page.article.html).toContain("<h2 id=");
  // The other "Getting started" article comes first.
  expect(page.related[0]?.slug).toBe("what-is-patch");
  expect(page.related).toHaveLength(3);
  expect(page.related.map((r) => r.slug)).not.toContain("legacy");
  expect(page.thisMonth?.slug).toBe("march");
});

test("an unknown article is not found", () => {
  expect(getArticle("june")).toBeUndefined();
});
