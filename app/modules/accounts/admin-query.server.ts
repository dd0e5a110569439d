// An admin page's query, read only once the admin is checked (requireAdmin: a stranger is sent
// to sign in, a member refused). Every list page's loader starts with it, so none reads its filters
// before the check.
import { adminOrStatus, requireAdmin } from "./require-user.server.ts";

export async function requireAdminQuery(request: Request): Promise<URLSearchParams> {
  await requireAdmin(request);
  return new URL(request.url).searchParams;
}

/**
 * The loader of an admin file (a CSV, an e-mail's preview): `answer` gets the query once the admin
 * is checked; anyone else gets plain words, 401 "Sign in first." a stranger and 403 "Admins only."
 * a member (a file is not redirected to the sign-in page).
 */
export function adminFileLoader(answer: (query: URLSearchParams) => Response | Promise<Response>) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const access = await adminOrStatus(request);
    if (access.status)
      return new Response(access.status === 401 ? "Sign in first." : "Admins only.", {
        status: access.status,
      });
    return answer(new URL(request.url).searchParams);
  };
}

/** A CSV file to download as `filename`, never kept by a cache. */
export function csvDownload(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
