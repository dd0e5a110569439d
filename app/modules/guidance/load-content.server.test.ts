import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MONTH_IDS } from "./guidance-content.ts";
import {
  listContentSlugs,
  loadArticleFile,
  loadLegalFile,
  loadMonthlyFile,
  setContentRoot,
} from "./load-content.server.ts";

const ARTICLES = [
  "inside-the-box",
  "legacy",
  "slug-patrol",
  "soil-testing",
  "strawberry-patch",
  "what-is-patch",
];

describe("the content we ship", () => {
  test("every article parses, with its illustration and a date as YYYY-MM-DD", () => {
    expect(listContentSlugs("articles")).toEqual(ARTICLES);
    for (const slug of ARTICLES) {
      const file = loadArticleFile(slug);
      expect(file, slug).toBeDefined();
      expect(file!.frontMatter.image).toBe(`/images/education/${slug}.svg`);
      expect(file!.frontMatter.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(file!.frontMatter.readingMinutes).toBeGreaterThan(0);
      expect(file!.body.html).toContain("<h2 id=");
      expect(file!.body.text.length).toBeGreaterThan(1000);
    }
  });

  test("all twelve monthly guides parse, in month order, with each zone's list and the tasks", () => {
    for (const [i, id] of MONTH_IDS.entries()) {
      const file = loadMonthlyFile(id);
      expect(file, id).toBeDefined();
      expect(file!.frontMatter.month).toBe(i + 1);
      expect(file!.frontMatter.season).not.toBe("");
      const { sowAndPlant, tasks, boxByPlan } = file!.sections;
      expect(sowAndPlant["warm-north"].length, id).toBeGreaterThan(2);
      expect(sowAndPlant.temperate.length, id).toBeGreaterThan(2);
      expect(sowAndPlant["cool-south"].length, id).toBeGreaterThan(2);
      expect(tasks.length, id).toBeGreaterThan(4);
      for (const task of tasks) {
        expect(task.title).not.toMatch(/[.*]$/);
        expect(task.detail.startsWith(task.title)).toBe(true);
      }
      expect(Object.keys(boxByPlan).sort(), id).toEqual(["0.5m2", "1m2", "2m2"]);
    }
  });

  test("a guide names the regions of each climate zone under its heading", () => {
    const html = loadMonthlyFile("june")!.body.html;
    expect(html).toContain('<h3 id="warm-north">Warm north</h3>');
    expect(html).toContain(
      '<p class="zone-regions">Northland, Auckland, Bay of Plenty, Gisborne</p>',
    );
    expect(html).toContain('<p class="zone-regions">Canterbury, Otago, Southland</p>');
  });

  test("the legal pages parse and keep their placeholders for the settings to fill", () => {
    // Terms: prices said in US$ and including GST (issue 19, ADR 028).
    const updated = { privacy: "2026-11-01", terms: "2026-11-25" };
    for (const [slug, date] of Object.entries(updated)) {
      const file = loadLegalFile(slug);
      expect(file!.frontMatter.updated).toBe(date);
      expect(file!.body.html).toContain("{email}");
    }
  });

  test("the same file is read once and then served from memory", () => {
    expect(loadArticleFile("slug-patrol")).toBe(loadArticleFile("slug-patrol"));
    expect(loadMonthlyFile("june")).toBe(loadMonthlyFile("june"));
  });

  test("only known files are read: unknown slugs and paths are not found", () => {
    expect(loadArticleFile("nope")).toBeUndefined();
    expect(loadArticleFile("../legal/privacy")).toBeUndefined();
    expect(loadLegalFile("../articles/legacy")).toBeUndefined();
  });
});

describe("a content folder with mistakes", () => {
  let dir: string | undefined;
  afterEach(() => {
    setContentRoot(path.resolve(process.cwd(), "content"));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function folderWith(name: string, source: string): void {
    dir = mkdtempSync(path.join(tmpdir(), "patch-content-"));
    mkdirSync(path.join(dir, "articles"));
    writeFileSync(path.join(dir, "articles", `${name}.md`), source);
    setContentRoot(dir);
  }

  test("a missing field stops with the file and field named", () => {
    folderWith(
      "broken",
      "---\ntitle: T\ndescription: D\nimage: /images/education/broken.svg\nimageAlt: A\nupdated: 2026-11-01\nreadingMinutes: 3\n---\n\nBody.\n",
    );
    expect(() => loadArticleFile("broken")).toThrow(
      /content\/articles\/broken\.md: front matter topic/,
    );
  });

  test("a file without front matter says so", () => {
    folderWith("bare", "# Just a heading\n");
    expect(() => loadArticleFile("bare")).toThrow(/has no front matter/);
  });
});
