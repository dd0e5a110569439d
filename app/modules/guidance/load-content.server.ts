// Reads the Markdown files under content/ (front matter + body) and keeps each parsed file in memory:
// they ship with the code and never change while the process runs. A file whose front matter is
// wrong stops with an error naming the file, so a bad edit fails the tests, not a visitor.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { climateZoneForGuideHeading } from "./climate-zones.ts";
import { monthIdFor, type MonthId } from "./guidance-content.ts";
import {
  articleFrontMatter,
  legalFrontMatter,
  monthlyFrontMatter,
  type ArticleFrontMatter,
  type LegalFrontMatter,
  type MonthlyFrontMatter,
} from "./guidance.schema.ts";
import { readMonthlySections, type MonthlySections } from "./monthly-guide-sections.server.ts";
import {
  renderMarkdown,
  type RenderedMarkdown,
  type RenderMarkdownOptions,
} from "./render-markdown.server.ts";

export type ContentFolder = "articles" | "monthly" | "legal";

export interface ContentFile<T> {
  slug: string;
  frontMatter: T;
  body: RenderedMarkdown;
}

export type ArticleFile = ContentFile<ArticleFrontMatter>;
export type MonthlyFile = ContentFile<MonthlyFrontMatter> & { sections: MonthlySections };
export type LegalFile = ContentFile<LegalFrontMatter>;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

let root = path.resolve(process.cwd(), "content");
const files = new Map<string, unknown>();
const folders = new Map<ContentFolder, string[]>();

/** Tests point the loader at a folder of fixtures; the cache starts empty again. */
export function setContentRoot(folder: string): void {
  root = path.resolve(folder);
  files.clear();
  folders.clear();
}

/** Slugs of every Markdown file in a folder, alphabetical. */
export function listContentSlugs(folder: ContentFolder): string[] {
  let slugs = folders.get(folder);
  if (!slugs) {
    const dir = path.join(root, folder);
    slugs = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith(".md"))
          .map((name) => name.slice(0, -3))
          .filter((slug) => SLUG.test(slug))
          .sort()
      : [];
    folders.set(folder, slugs);
  }
  return slugs;
}

function readContentFile<S extends z.ZodType>(
  folder: ContentFolder,
  slug: string,
  schema: S,
  options?: RenderMarkdownOptions,
): ContentFile<z.output<S>> | undefined {
  // Slugs come from URLs: only known file names are read, never a path someone typed.
  if (!listContentSlugs(folder).includes(slug)) return undefined;
  const key = `${folder}/${slug}`;
  const cached = files.get(key) as ContentFile<z.output<S>> | undefined;
  if (cached) return cached;

  const where = `content/${folder}/${slug}.md`;
  const source = readFileSync(path.join(root, folder, `${slug}.md`), "utf8");
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${where} has no front matter (a block between --- lines)`);
  const parsed = schema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${where}: front matter ${issue?.path.join(".") || "block"} ${issue?.message ?? "is invalid"}`,
    );
  }
  const file = {
    slug,
    frontMatter: parsed.data,
    body: renderMarkdown(source.slice(match[0].length), options),
  };
  files.set(key, file);
  return file;
}

export function loadArticleFile(slug: string): ArticleFile | undefined {
  return readContentFile("articles", slug, articleFrontMatter);
}

export function loadLegalFile(slug: string): LegalFile | undefined {
  return readContentFile("legal", slug, legalFrontMatter);
}

// Under each climate zone's heading the guide names its regions, so readers find their list.
const zoneRegionsNote: RenderMarkdownOptions = {
  afterHeading: (heading) => {
    if (heading.depth !== 3) return undefined;
    const zone = climateZoneForGuideHeading(heading.text);
    return zone ? `<p class="zone-regions">${zone.regions.join(", ")}</p>\n` : undefined;
  },
};

export function loadMonthlyFile(id: MonthId): MonthlyFile | undefined {
  const key = `monthly/${id}#sections`;
  const cached = files.get(key) as MonthlyFile | undefined;
  if (cached) return cached;
  const file = readContentFile("monthly", id, monthlyFrontMatter, zoneRegionsNote);
  if (!file) return undefined;
  if (monthIdFor(file.frontMatter.month) !== id) {
    throw new Error(
      `content/monthly/${id}.md: front matter month ${file.frontMatter.month} is not ${id}`,
    );
  }
  const monthly = {
    ...file,
    sections: readMonthlySections(file.body.tokens, `content/monthly/${id}.md`),
  };
  files.set(key, monthly);
  return monthly;
}
