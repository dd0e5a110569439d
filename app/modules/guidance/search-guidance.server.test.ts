import { expect, test } from "vitest";
import { searchGuidance, searchTerms } from "./search-guidance.server.ts";

const titles = (query: string) => searchGuidance(query).map((r) => r.item.title);

test("titles and descriptions match, best matches first", () => {
  const results = searchGuidance("slugs");
  expect(results[0]?.item.path).toBe("/education/slug-patrol");
  expect(results.length).toBeGreaterThan(1);
});

test("body text matches too, with a snippet around the word", () => {
  // "grapefruit" appears only in the body of the slug article (a shelter trap).
  const [first, ...rest] = searchGuidance("grapefruit");
  expect(first?.item.path).toBe("/education/slug-patrol");
  expect(rest).toEqual([]);
  expect(first?.snippet?.match.toLowerCase()).toBe("grapefruit");
  expect(first?.snippet?.before.length).toBeGreaterThan(0);
});

test("every word must match somewhere", () => {
  expect(titles("garlic matariki")).toEqual(["June in the garden"]);
  expect(titles("garlic zzzz")).toEqual([]);
});

test("case and macrons don't matter", () => {
  expect(titles("KUMARA")).toEqual(titles("kūmara"));
  expect(titles("kumara").length).toBeGreaterThan(0);
  const snippet = searchGuidance("kumara")[0]?.snippet;
  expect(snippet?.match).toBe("kūmara");
});

test("monthly guides are found as well as articles", () => {
  const june = searchGuidance("matariki").find((r) => r.item.path === "/education/monthly/june");
  expect(june?.item.kind).toBe("monthly");
});

test("empty and punctuation-only queries match nothing", () => {
  expect(searchGuidance("")).toEqual([]);
  expect(searchGuidance("  ,;  ")).toEqual([]);
  expect(searchTerms("“Slug” patrol!")).toEqual(["slug", "patrol"]);
  expect(searchTerms("x".repeat(500)).join("").length).toBe(100);
});
