// GET /profile/my-data.json?t=…: "Download my data" (Privacy Act 2020, principle 6). /profile/privacy's
// form confirms the password and sends the browser here with a link signed for this person and a
// minute; the file itself comes from here, since a page's action can only answer with page data.
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { myDataDownloadIsFor, myDataFile } from "#app/modules/accounts/export-my-data.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import type { Route } from "./+types/profile-my-data";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!myDataDownloadIsFor(new URL(request.url).searchParams.get("t"), user.id)) {
    throw await redirectWithToast(request, "/profile/privacy", {
      type: "error",
      message: "That download link has expired. Please confirm your password again.",
    });
  }
  return new Response(await myDataFile(user.id), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="patch-my-data.json"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
