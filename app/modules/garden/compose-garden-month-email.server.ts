// The "Your garden this month" e-mail (issue 23, ADR 045): the month's jobs from the member's own
// schedule (sow, plant out, feed, protect from frost, harvest, each on its day with why), the box
// seedlings still waiting for a square, a button to /garden, why they get it and a one-click
// unsubscribe of its own. Drawn from the same schedule as /garden, the feed and the Friday text.
import { renderEmail, type EmailContent } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";
import { squareName } from "./box-seedlings.ts";
import type { GrowingPlace } from "./find-growing-place.server.ts";
import { gardenMonthName, jobsOfMonth, type GardenMonth } from "./garden-month.ts";
import { gardenOneClickUrl, gardenUnsubscribeUrl } from "./garden-email-opt-out.server.ts";
import type { ScheduleTask } from "./garden-schedule.ts";

export interface GardenMonthReader {
  userId: string;
  name: string | null;
}

export interface GardenMonthFacts {
  month: GardenMonth;
  place: GrowingPlace;
  /** The planted plants' names, as the schedule gives them. */
  plants: string[];
  tasks: readonly ScheduleTask[];
  /** Box seedlings not yet placed: the plant's name and the square suggested (null: none free). */
  seedlings: { name: string; square: number | null }[];
  columns: number;
}

function whereTheyGrow(place: GrowingPlace): string {
  if (place.town && place.basis === "town") return `in ${place.town.name}`;
  if (place.town) return `near ${place.town.name}`;
  return `in the ${place.zone.name.toLowerCase()} climate zone`;
}

function plantList(names: readonly string[]): string {
  const shown = names.slice(0, 6).map((n) => n.toLowerCase());
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : shown.join("");
}

export function composeGardenMonthEmail(
  facts: GardenMonthFacts,
  reader: GardenMonthReader,
): EmailContent {
  const s = settings();
  const month = gardenMonthName(facts.month);
  const firstName = reader.name?.trim().split(/\s+/)[0];
  const groups = jobsOfMonth(facts.tasks, facts.month);
  const jobCount = groups.reduce((n, g) => n + g.items.length, 0);
  const seedlings = facts.seedlings.map(({ name, square }) =>
    square === null
      ? `${name}: every square of your plan is taken, so make room for it in the editor.`
      : `${name}: ${squareName(square, facts.columns)} is free for it.`,
  );
  return {
    subject: `Your garden this month: ${month}`,
    preheader:
      jobCount > 0
        ? `${jobCount} job${jobCount === 1 ? "" : "s"} for your ${plantList(facts.plants)} in ${month}, on their days.`
        : `A quiet ${month} for your garden, and what comes next.`,
    heading: "Your garden this month",
    paragraphs: [
      `Kia ora${firstName ? ` ${firstName}` : ""}! Here is ${month} for your plan of ${plantList(facts.plants)} ${whereTheyGrow(facts.place)}, from the dates on your garden page.`,
      jobCount > 0
        ? "Each job is on the day it falls due for your plants and your frost dates. Missed one? Most jobs can be done in the days after; your garden page always shows what is next."
        : `Nothing in your plan falls due in ${month}. It's a good month to weed, top up the mix with compost and plan what goes in next.`,
    ],
    sections: [
      ...groups,
      ...(seedlings.length > 0
        ? [
            {
              heading: "Seedlings from your box to plant",
              text: "These came in a recent box and aren't in your plan yet. Place them from your garden page.",
              items: seedlings,
            },
          ]
        : []),
    ],
    button: { label: "Open your garden", url: `${s.siteUrl}${paths.garden}` },
    secondary: [{ label: "Your e-mail settings", url: `${s.siteUrl}${paths.profileReminders}` }],
    reason: `You're getting this because you saved a garden plan with ${s.brandName} and have "Your garden this month" switched on.`,
    unsubscribeUrl: gardenUnsubscribeUrl(reader.userId),
    oneClickUnsubscribeUrl: gardenOneClickUrl(reader.userId),
  };
}

export function renderGardenMonthEmail(facts: GardenMonthFacts, reader: GardenMonthReader) {
  return renderEmail(composeGardenMonthEmail(facts, reader));
}
