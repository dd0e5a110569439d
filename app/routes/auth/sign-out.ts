// POST /auth/sign-out: the header's Log out (SPEC §2). Home with 'Signed out successfully', or back
// to the page it came from with the reason it failed.
import { redirect } from "react-router";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { MESSAGES, safeRedirect } from "#app/modules/accounts/accounts.schema.ts";
import { signOut } from "#app/modules/accounts/sign-out.server.ts";
import { readPosted } from "#app/modules/accounts/auth/auth-action.server.ts";
import type { Route } from "./+types/sign-out";

/** Nothing to show: signing out is a post. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, meta } = await readPosted(request, context);
  const outcome = await signOut(meta);
  const back = safeRedirect(String(form.get("from") ?? ""), "/");
  if (!outcome.ok) {
    return redirectWithToast(request, back, { type: "error", message: outcome.message });
  }
  const headers = new Headers();
  for (const c of outcome.cookies) headers.append("Set-Cookie", c);
  return redirectWithToast(
    request,
    "/",
    { type: "success", message: MESSAGES.signedOut },
    { headers },
  );
}
