// A member's own planting calendar: /calendar/feed/{token}.ics, with their garden schedule's jobs.
// The token is the key; calendar apps re-read it daily. Unknown or reset tokens get a 404, never
// someone else's calendar.
import { memberCalendarFeed } from "#app/flows/member-calendar-feed.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { CALENDAR_CONTENT_TYPE } from "#app/modules/guidance/export-planting-calendar.server.ts";
import type { Route } from "./+types/calendar-personal-feed";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const feed = await memberCalendarFeed({ file: params.file });
  // The feed's address is on the reminders page; the region is one of the member's details.
  const remindersUrl = `${settings().siteUrl}/profile/reminders`;
  const detailsUrl = `${settings().siteUrl}/profile`;
  if (feed.kind === "unknown") {
    return text(
      `This calendar address isn't in use (it may have been reset). Find your current one at ${remindersUrl}.\n`,
      404,
    );
  }
  if (feed.kind === "needs-region") {
    return text(`Add your region at ${detailsUrl} and this calendar fills itself in.\n`, 409);
  }
  return new Response(feed.body, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `inline; filename="${feed.fileName}"`,
      // Personal: no shared caches; calendar apps poll daily, so an hour in the app's own cache.
      "Cache-Control": "private, max-age=3600",
      "X-Robots-Tag": "noindex",
    },
  });
}
