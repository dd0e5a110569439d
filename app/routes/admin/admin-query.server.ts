// An admin list page's query, read only once the admin is checked (requireAdmin: a stranger is sent
// to sign in, a member refused). Every list page's loader starts with it, so none reads its filters
// before the check.
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";

export async function requireAdminQuery(request: Request): Promise<URLSearchParams> {
  await requireAdmin(request);
  return new URL(request.url).searchParams;
}
