// GET /coach/photos/{id}: a photo in a coaching thread (ADR 070), to the thread's member and those
// canSeeThread lets in, or to whoever holds the thread's signed link (?key=). A photo with an
// internal note is for coaches only. Anyone else gets the same 404 as a photo that doesn't exist.
// The bytes never change, but they are personal: kept by the browser only, never by a shared cache.
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import {
  canSeeThread,
  getCoachPhoto,
  threadOfKey,
} from "#app/modules/coaching/member-thread.server.ts";
import type { Route } from "./+types/coach-photo";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const photo = await getCoachPhoto(params.id);
  if (!photo) return notFound();
  const { user } = await getCurrentUser(request);
  const key = new URL(request.url).searchParams.get("key");
  const allowed =
    photo.kind === "note"
      ? canSeeThread(user, photo) && user?.id !== photo.userId
      : canSeeThread(user, photo) || threadOfKey(photo.threadId, key);
  if (!allowed) return notFound();
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "Cache-Control": "private, max-age=86400",
      Vary: "Cookie",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
