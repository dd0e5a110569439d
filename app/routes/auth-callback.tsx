// /auth/callback: where the e-mail confirmation link (and social sign-in) lands. better-auth has
// already signed the person in, or added ?error= when the link was expired or used.
import { redirect } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { landingAfterSignIn } from "#app/modules/accounts/outcome.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import type { Route } from "./+types/auth-callback";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("error")) {
    const provider = url.searchParams.get("provider");
    return redirectWithToast(request, "/login", {
      type: "error",
      message:
        provider === "google"
          ? MESSAGES.googleFailed
          : provider === "apple"
            ? MESSAGES.appleFailed
            : MESSAGES.confirmLinkInvalid,
    });
  }
  const { user } = await getCurrentUser(request);
  if (!user) throw redirect(paths.login);
  return redirectWithToast(
    request,
    landingAfterSignIn(url.searchParams.get("redirectTo"), user.isAdmin),
    {
      type: "success",
      message: MESSAGES.signedIn,
    },
  );
}
