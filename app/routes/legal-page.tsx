// /privacy, /terms and /returns (content/legal), with our contact details from the settings and a table of
// contents from the ## headings.
import { data } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { pageMeta, noindexMeta, rootSettings } from "#app/lib/seo.ts";
import { getLegalPage, LEGAL_PAGES } from "#app/modules/guidance/get-legal-page.server.ts";
import { formatDate } from "#app/modules/guidance/new-zealand-date.ts";
import { ProseBody } from "#app/modules/guidance/prose-body.tsx";
import { TableOfContents } from "#app/modules/guidance/table-of-contents.tsx";
import type { Route } from "./+types/legal-page";
import { oneOf } from "#app/lib/one-of.ts";

const isLegalPageId = oneOf(LEGAL_PAGES);

export function loader({ request }: Route.LoaderArgs) {
  // A client-side navigation asks for the data at /returns.data (React Router's single fetch):
  // the page is the path without it, or every legal page linked from a hydrated page was a 404.
  const id = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/+|\/+$/g, "");
  const { contactEmail, contactPhone } = settings();
  const page = isLegalPageId(id)
    ? getLegalPage(id, { email: contactEmail, phone: contactPhone })
    : undefined;
  if (!page) throw data(null, { status: 404 });
  return { ...page, path: `/${id}` };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return noindexMeta("Page not found");
  return pageMeta({
    title: `${loaderData.title} | Patch`,
    description: loaderData.description,
    path: loaderData.path,
    siteUrl: rootSettings(matches)?.siteUrl ?? "",
  });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { title, description, updated, html, contents } = loaderData;
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 text-lg text-ink/80">{description}</p>
        <p className="mt-3 text-sm text-ink/70">
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:mt-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <div>
          <TableOfContents headings={contents} />
        </div>
        <ProseBody html={html} className="max-w-3xl" />
      </div>
    </div>
  );
}
