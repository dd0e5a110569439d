import { expect, test } from "vitest";
import { plainText, renderMarkdown, slugify } from "./render-markdown.server.ts";

test("headings get ids, repeated ones a number, and the list feeds a table of contents", () => {
  const { html, headings } = renderMarkdown(
    "## What to sow & plant\n\ntext\n\n### Kūmara\n\n## What to sow & plant\n",
  );
  expect(headings).toEqual([
    { id: "what-to-sow-plant", text: "What to sow & plant", depth: 2 },
    { id: "kumara", text: "Kūmara", depth: 3 },
    { id: "what-to-sow-plant-2", text: "What to sow & plant", depth: 2 },
  ]);
  expect(html).toContain('<h2 id="what-to-sow-plant">What to sow &amp; plant</h2>');
  expect(html).toContain('<h3 id="kumara">Kūmara</h3>');
});

test("content can be placed after a heading", () => {
  const { html } = renderMarkdown("### Warm north\n\n- Plant garlic\n", {
    afterHeading: (h) => (h.text === "Warm north" ? '<p class="note">North</p>\n' : undefined),
  });
  expect(html).toMatch(/<h3 id="warm-north">Warm north<\/h3>\n<p class="note">North<\/p>\n<ul>/);
});

test("the plain text keeps the words and drops the markup", () => {
  const { text, tokens } = renderMarkdown(
    "Some **bold** and [a link](/x).\n\n- one\n- _two_\n\n## Heading\n",
  );
  expect(text).toBe("Some bold and a link.\none\ntwo\nHeading");
  expect(plainText(tokens)).toBe(text);
});

test("slugs are lower case, ASCII and hyphenated", () => {
  expect(slugify("  Cool south and inland ")).toBe("cool-south-and-inland");
  expect(slugify("Wētā & kūmara!")).toBe("weta-kumara");
});
