// What the calendar page shows once a region and plan are chosen: the feed's addresses (subscribe,
// download, or paste into Google Calendar) and the next few sessions, so people see what they get.
import { climateZoneForRegion } from "./climate-zones.ts";
import type { CalendarChoice } from "./calendar-choice.ts";
import { calendarFileName, calendarQuery } from "./export-planting-calendar.server.ts";
import {
  formatClockTime,
  isoDate,
  todayInNewZealand,
  type CalendarDate,
} from "./new-zealand-date.ts";
import { planGardenSessions } from "./plan-garden-sessions.server.ts";

const PREVIEW_SESSIONS = 6;

export function previewPlantingCalendar(
  { region, plan }: CalendarChoice,
  siteUrl: string,
  today: CalendarDate = todayInNewZealand(),
) {
  const zone = climateZoneForRegion(region);
  const feedPath = `/calendar.ics?${calendarQuery(region, plan.id)}`;
  const { sessions } = planGardenSessions(region, plan, today);
  return {
    region,
    planId: plan.id,
    planSize: plan.size,
    zone: { name: zone.name, neighbours: zone.regions.filter((r) => r !== region) },
    feedUrl: `${siteUrl}${feedPath}`,
    // webcal:// opens the phone's or computer's calendar app with a subscription to the feed.
    subscribeUrl: `${siteUrl.replace(/^https?:/, "webcal:")}${feedPath}`,
    downloadPath: `${feedPath}&download=1`,
    fileName: calendarFileName(region, plan.id),
    sessionCount: sessions.length,
    upcoming: sessions.slice(0, PREVIEW_SESSIONS).map((s) => ({
      key: s.key,
      date: isoDate(s.date),
      time: formatClockTime(s.start),
      summary: s.summary,
      kind: s.kind,
    })),
  };
}
