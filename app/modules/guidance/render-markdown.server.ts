// Markdown → HTML for our own content files (trusted: written by us, committed, never user input).
// Headings get stable ids so tables of contents and shared links can point into a page, and the
// plain text is kept for search.
import { Marked, type Token, type Tokens } from "marked";
import type { DocumentHeading } from "./guidance-content.ts";

export interface RenderedMarkdown {
  html: string;
  headings: DocumentHeading[];
  /** The words of the document without markup, for search. */
  text: string;
  tokens: Token[];
}

export interface RenderMarkdownOptions {
  /** HTML to place straight after a heading, e.g. which regions a climate zone covers. */
  afterHeading?: (heading: DocumentHeading) => string | undefined;
}

type AnnotatedHeading = Tokens.Heading & { id: string; after?: string };

const marked = new Marked({
  gfm: true,
  renderer: {
    heading(token) {
      const { id, after } = token as AnnotatedHeading;
      const inner = this.parser.parseInline(token.tokens);
      return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n${after ?? ""}`;
    },
  },
});

/** "What to sow & plant" → "what-to-sow-plant"; macrons fold (kūmara → kumara). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The words of a token list, blocks separated by new lines. */
export function plainText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "list") {
      parts.push((token as Tokens.List).items.map((item) => plainText(item.tokens)).join("\n"));
    } else if ("tokens" in token && token.tokens && token.tokens.length > 0) {
      parts.push(plainText(token.tokens));
    } else if (token.type === "space" || token.type === "hr") {
      continue;
    } else if ("text" in token && typeof token.text === "string") {
      parts.push(token.text);
    }
  }
  const inline = tokens.every((t) => !isBlock(t));
  return parts.join(inline ? "" : "\n");
}

const blockTypes = new Set([
  "paragraph",
  "heading",
  "list",
  "list_item",
  "blockquote",
  "code",
  "table",
  "hr",
  "space",
  "html",
]);
function isBlock(token: Token): boolean {
  return blockTypes.has(token.type);
}

export function renderMarkdown(source: string, options: RenderMarkdownOptions = {}) {
  const tokens = marked.lexer(source);
  const headings: DocumentHeading[] = [];
  const used = new Map<string, number>();
  marked.walkTokens(tokens, (token) => {
    if (token.type !== "heading") return;
    const heading = token as AnnotatedHeading;
    const text = plainText(heading.tokens);
    const base = slugify(text) || "section";
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    heading.id = seen === 0 ? base : `${base}-${seen + 1}`;
    const entry = { id: heading.id, text, depth: heading.depth };
    heading.after = options.afterHeading?.(entry);
    headings.push(entry);
  });
  const html = marked.parser(tokens);
  return { html, headings, text: plainText(tokens), tokens } satisfies RenderedMarkdown;
}
