// Route protection (SPEC §2): anonymous visitors go to /login, keeping where they were going;
// signed-in non-admins on admin pages go home. Both with the spec's toasts. An admin address
// whose rights aren't granted yet (ADR 020) goes home too, and is e-mailed the link that grants them.
import { log } from "#app/lib/log.server.ts";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { getCurrentUser, type CurrentUser } from "./get-current-user.server.ts";
import { sendPasswordResetLink } from "./request-password-reset.server.ts";

export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  // A data request (?_data / .data) returns to the page itself.
  const path = url.pathname.replace(/\.data$/, "") || "/";
  url.searchParams.delete("_route");
  const search = url.searchParams.toString();
  return `${paths.login}?redirectTo=${encodeURIComponent(path + (search ? `?${search}` : ""))}`;
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  const { user } = await getCurrentUser(request);
  if (!user) {
    throw await redirectWithToast(request, loginUrl(request), {
      type: "error",
      message: MESSAGES.pleaseLogIn,
    });
  }
  return user;
}

export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.awaitsAdminRights) {
    await sendPasswordResetLink({ email: user.email }).catch((err: unknown) =>
      log.error({ err }, "admin rights: reset e-mail failed"),
    );
    throw await redirectWithToast(request, paths.home, {
      type: "info",
      message: MESSAGES.adminNeedsReset,
    });
  }
  if (!user.isAdmin) {
    throw await redirectWithToast(request, paths.home, {
      type: "error",
      message: MESSAGES.noPermission,
    });
  }
  return user;
}

/**
 * The coach inbox's guard (ADR 071): an admin or a COACH_EMAILS address; anyone else is refused as
 * a member is on an admin page. Every other admin page keeps requireAdmin, so a coach who is not an
 * admin is refused there.
 */
export async function requireCoach(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.isAdmin || user.isCoach) return user;
  if (user.awaitsAdminRights) return requireAdmin(request);
  throw await redirectWithToast(request, paths.home, {
    type: "error",
    message: MESSAGES.noPermission,
  });
}

/** For admin data endpoints: null means answer 401/403 instead of redirecting. */
export async function adminOrStatus(
  request: Request,
): Promise<{ user: CurrentUser; status?: undefined } | { user?: undefined; status: 401 | 403 }> {
  const { user } = await getCurrentUser(request);
  if (!user) return { status: 401 };
  if (!user.isAdmin) return { status: 403 };
  return { user };
}

/** Posts up to this size from a visitor who isn't signed in are read before the redirect. */
const READ_BEFORE_REDIRECT_BYTES = 1024 * 1024;

/**
 * requireUser for an action that takes large posts (photos) and reads its own body: a visitor
 * who isn't signed in (a session that ended mid-form) is sent to sign in, but only once a post of
 * ordinary size has been read, so the browser gets the redirect instead of a connection cut
 * while it was still sending. A larger post from a stranger is never read.
 */
export async function requireUserReadingPost(request: Request): Promise<CurrentUser> {
  const { user } = await getCurrentUser(request);
  if (user) return user;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(length) && length <= READ_BEFORE_REDIRECT_BYTES)
    await request.arrayBuffer().catch(() => undefined);
  return requireUser(request);
}
