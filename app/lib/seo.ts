// Page metadata: title, description, canonical URL, Open Graph and Twitter card, in one place.
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
