// Search over the articles and monthly guides: every word of the query must appear in the title,
// description or body. Matching ignores case and macrons, so "kumara" finds "kūmara" and "weta"
// finds "wētā". Titles count most, then descriptions, then how often the body mentions a word.
import {
  MAX_QUERY_LENGTH,
  type GuidanceSummary,
  type SearchResult,
  type SearchSnippet,
} from "./guidance-content.ts";
import { articleSummary, listArticles } from "./list-articles.server.ts";
import { listMonthlyGuides, monthlySummary } from "./list-monthly-guides.server.ts";
import { loadArticleFile, loadMonthlyFile } from "./load-content.server.ts";

interface Folded {
  text: string;
  /** For each character of `text`, where it came from in the original. */
  origin: number[];
}

/** Lower case without accents or macrons, keeping a map back to the original characters. */
function fold(original: string): Folded {
  let text = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of original) {
    const folded = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[‘’]/g, "'");
    for (let k = 0; k < folded.length; k++) origin.push(i);
    text += folded;
    i += ch.length;
  }
  return { text, origin };
}

export function searchTerms(query: string): string[] {
  return fold(query.slice(0, MAX_QUERY_LENGTH))
    .text.split(/[\s,;]+/)
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

interface Entry {
  item: GuidanceSummary;
  title: string;
  description: string;
  body: Folded;
  bodyText: string;
}

let index: Entry[] | undefined;

function searchIndex(): Entry[] {
  if (index) return index;
  const entries: Entry[] = [];
  for (const article of listArticles()) {
    const file = loadArticleFile(article.slug);
    if (file) entries.push(entry(articleSummary(file), file.body.text));
  }
  for (const guide of listMonthlyGuides()) {
    const file = loadMonthlyFile(guide.slug);
    if (file) entries.push(entry(monthlySummary(file), file.body.text));
  }
  index = entries;
  return entries;
}

function entry(item: GuidanceSummary, body: string): Entry {
  // Headings and list items have no full stop of their own; give them one so a snippet that
  // runs across them still reads as sentences.
  const bodyText = body
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((line) => (/[.!?:;…)]$/.test(line) ? line : `${line}.`))
    .join(" ");
  return {
    item,
    title: fold(item.title).text,
    description: fold(item.description).text,
    body: fold(bodyText),
    bodyText,
  };
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 120;

function snippetFor(entry: Entry, terms: string[]): SearchSnippet | undefined {
  for (const term of terms) {
    const at = entry.body.text.indexOf(term);
    if (at === -1) continue;
    const start = entry.body.origin[at] ?? 0;
    const end = (entry.body.origin[at + term.length - 1] ?? start) + 1;
    const text = entry.bodyText;
    // Cut on word boundaries so the snippet never starts or ends mid-word.
    let from = Math.max(0, start - SNIPPET_BEFORE);
    if (from > 0) from = text.indexOf(" ", from) + 1 || from;
    let to = Math.min(text.length, end + SNIPPET_AFTER);
    if (to < text.length) to = text.lastIndexOf(" ", to) > end ? text.lastIndexOf(" ", to) : to;
    return {
      before: (from > 0 ? "…" : "") + text.slice(from, start),
      match: text.slice(start, end),
      after: text.slice(end, to) + (to < text.length ? "…" : ""),
    };
  }
  return undefined;
}

export function searchGuidance(query: string): SearchResult[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const scored: { entry: Entry; score: number; order: number }[] = [];
  searchIndex().forEach((entry, order) => {
    let score = 0;
    for (const term of terms) {
      const inTitle = entry.title.includes(term);
      const inDescription = entry.description.includes(term);
      const inBody = occurrences(entry.body.text, term);
      if (!inTitle && !inDescription && inBody === 0) return;
      score += (inTitle ? 10 : 0) + (inDescription ? 4 : 0) + Math.min(inBody, 5);
    }
    scored.push({ entry, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ entry }) => ({ item: entry.item, snippet: snippetFor(entry, terms) }));
}
