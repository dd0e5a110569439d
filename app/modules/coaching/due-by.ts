// A coach's answer's due time as the member reads it (ADR 070). Apart from working-day.server.ts,
// which decides it with the public-holiday tables, so the pages that print it send the browser
// no holiday data.
import { nzDayAndTimeParts } from "#app/lib/nz-time.ts";

/** A due time as the member reads it, in New Zealand time: "3:00 pm Monday 7 December". */
export function formatDueBy(at: Date | string): string {
  const p = nzDayAndTimeParts(at);
  return `${p.hour}:${p.minute} ${String(p.dayPeriod).toLowerCase()} ${p.weekday} ${p.day} ${p.month}`;
}
