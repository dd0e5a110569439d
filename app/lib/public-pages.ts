// The public pages: the same for every visitor, so the server may send a kept copy
// (server/page-cache.ts) and the root loader leaves the signed-in state to the browser on them
// (app/modules/accounts/header-user.ts). The list is the paths module's (app/lib/paths.ts): its
// shared fixed pages and the patterns of the product and education pages. Token links, accounts,
// checkout, admin and React Router's data requests (`.data`) are not listed.
import { PUBLIC_PAGE_PATTERNS, PUBLIC_PAGES } from "./paths.ts";

const SHARED_PATHS: ReadonlySet<string> = new Set(
  PUBLIC_PAGES.filter((p) => p.shared).map((p) => p.path),
);

export function isPublicPage(pathname: string): boolean {
  return SHARED_PATHS.has(pathname) || PUBLIC_PAGE_PATTERNS.some((p) => p.test(pathname));
}

/**
 * Whether this request's answer is a public page as anyone would get it: a GET or HEAD of a
 * listed page that carries no toast to show (the flash cookie, app/lib/toast.server.ts) and no
 * credentials header. Other cookies (a session, the member hint) change nothing on these pages.
 */
export function isSharedPageRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("authorization")) return false;
  if (/(?:^|;\s*)(?:__Host-)?flash=/.test(request.headers.get("cookie") ?? "")) return false;
  return isPublicPage(new URL(request.url).pathname);
}
