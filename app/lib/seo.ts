// Page metadata: title, description, canonical URL, Open Graph and Twitter card, in one place.
import type { PublicSettings } from "./env.server.ts";
import { PAGE_WORDS, type FixedPagePath } from "./page-words.ts";

export interface PageMeta {
  title: string;
  description: string;
  /** Path of this page, e.g. "/education". */
  path: string;
  siteUrl: string;
  image?: string;
  type?: "website" | "article";
}

export function pageMeta({ title, description, path, siteUrl, image, type = "website" }: PageMeta) {
  const url = `${siteUrl}${path}`;
  const imageUrl = `${siteUrl}${image ?? "/images/home/og-image.jpg"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Patch" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_NZ" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/** What a route's `meta` sees of the matched routes: the root's loader data among them. */
type MetaMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/**
 * The root loader's public settings (app/root.tsx) from a route's `meta` matches, typed once here
 * instead of a cast in every route; undefined when the root loader has not answered (an error).
 */
export function rootSettings(matches: MetaMatches): PublicSettings | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    { settings?: PublicSettings } | undefined;
  return root?.settings;
}

/**
 * The `meta` of a page with fixed words (app/lib/page-words.ts): its tags, and a robots rule for
 * the pages search engines should leave out (always, or `when` its loader data says so, e.g. a
 * search result).
 */
export function staticPageMeta(
  path: FixedPagePath,
  options: { robots?: string; when?: (loaderData: unknown) => boolean } = {},
) {
  return ({ matches, loaderData }: { matches: MetaMatches; loaderData?: unknown }) => {
    const tags = pageMeta({
      ...PAGE_WORDS[path],
      path,
      siteUrl: rootSettings(matches)?.siteUrl ?? "",
    });
    const hidden = options.robots && (options.when ? options.when(loaderData) : true);
    return hidden ? [...tags, { name: "robots", content: options.robots }] : tags;
  };
}

/** The `meta` of a page search engines leave out (an account's, a link's, an error's): its title. */
export function noindexMeta(title: string) {
  return [{ title: `${title} | Patch` }, { name: "robots", content: "noindex" }];
}
