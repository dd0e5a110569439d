// The planting calendar feed: /calendar.ics?region=Auckland&plan=1m2. Calendar apps subscribe to it
// (webcal://) and re-read it daily; ?download=1 offers it as a file to save instead.
import { settings } from "#app/lib/env.server.ts";
import { readCalendarChoice } from "#app/modules/guidance/calendar-choice.ts";
import {
  CALENDAR_CONTENT_TYPE,
  calendarFileName,
  exportPlantingCalendar,
} from "#app/modules/guidance/export-planting-calendar.server.ts";
import { planGardenSessions } from "#app/modules/guidance/plan-garden-sessions.server.ts";
import type { Route } from "./+types/calendar-feed";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const read = readCalendarChoice(params);
  if (!read.ok) {
    const problems = read.message;
    return new Response(`${problems} Make your calendar at /calendar.\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { region, plan } = read.choice;
  const { siteUrl, brandName } = settings();
  const body = exportPlantingCalendar(planGardenSessions(region, plan), { siteUrl, brandName });
  const disposition = params.get("download") === "1" ? "attachment" : "inline";
  return new Response(body, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `${disposition}; filename="${calendarFileName(region, plan.id)}"`,
      // The year rolls forward daily; an hour's caching spares us the repeat polls of calendar apps.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
