// schema.org Article data for an article or guide, so search engines show its date and picture.
import { useRouteLoaderData } from "react-router";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import type { GuidanceSummary } from "./guidance-content.ts";

interface RootData {
  settings: { siteUrl: string; brandName: string };
}

export function ArticleStructuredData({
  item,
  headline,
}: {
  item: GuidanceSummary;
  headline?: string;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const siteUrl = root?.settings.siteUrl ?? "";
  const brand = root?.settings.brandName ?? "Patch";
  const json = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: headline ?? item.title,
    description: item.description,
    image: `${siteUrl}${item.image}`,
    dateModified: item.updated,
    inLanguage: "en-NZ",
    mainEntityOfPage: `${siteUrl}${item.path}`,
    author: { "@type": "Organization", name: brand, url: siteUrl },
    publisher: { "@type": "Organization", name: brand, logo: `${siteUrl}/favicon.svg` },
  };
  return <JsonLd data={json} />;
}
