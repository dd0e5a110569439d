// The "Your garden this month" e-mail's words from given facts: the heading it starts with, the
// month's groups in order, the box seedlings with their square or "make room", the quiet month,
// and its own unsubscribe links (no database: the schedule and place are handed in).
import { expect, test } from "vitest";
import { testServices } from "#tests/setup/test-services.ts";
import { composeGardenMonthEmail } from "./compose-garden-month-email.server.ts";
import { findGrowingPlace } from "./find-growing-place.server.ts";
import type { ScheduleTask } from "./garden-schedule.ts";

testServices();

const task = (kind: ScheduleTask["kind"], date: string, title: string): ScheduleTask => ({
  id: `${kind}-x-${date}`,
  kind,
  plantId: "x",
  plantName: "X",
  date,
  title,
  short: title.toLowerCase(),
  detail: "Because.",
});

const facts = {
  month: "2026-12" as const,
  place: findGrowingPlace({ city: "Dunedin", region: "Otago" }),
  plants: ["Tomato", "Radish"],
  tasks: [
    task("harvest", "2026-12-20", "Start harvesting Radish"),
    task("sow-again", "2026-12-05", "Sow more Radish"),
    task("feed", "2026-11-30", "Feed Tomato"),
    task("feed", "2026-12-21", "Feed Tomato"),
  ],
  seedlings: [
    { name: "Sweet basil", square: 4 },
    { name: "Cos lettuce", square: null },
  ],
  columns: 3,
};

test("the month's jobs in their groups, the seedlings to place, and its own unsubscribe", () => {
  const mail = composeGardenMonthEmail(facts, { userId: "u1", name: "Mere Kea" });
  expect(mail.heading).toBe("Your garden this month");
  expect(mail.subject).toBe("Your garden this month: December");
  expect(mail.preheader).toBe("3 jobs for your tomato and radish in December, on their days.");
  expect(mail.paragraphs[0]).toBe(
    "Kia ora Mere! Here is December for your plan of tomato and radish in Dunedin, from the dates on your garden page.",
  );
  expect(mail.sections).toEqual([
    { heading: "Sow", items: ["Saturday 5 December: Sow more Radish. Because."] },
    { heading: "Feed", items: ["Monday 21 December: Feed Tomato. Because."] },
    { heading: "Harvest", items: ["Sunday 20 December: Start harvesting Radish. Because."] },
    {
      heading: "Seedlings from your box to plant",
      text: "These came in a recent box and aren't in your plan yet. Place them from your garden page.",
      items: [
        "Sweet basil: row 2, square 2 is free for it.",
        "Cos lettuce: every square of your plan is taken, so make room for it in the editor.",
      ],
    },
  ]);
  expect(mail.button).toEqual({ label: "Open your garden", url: "https://patch.test/garden" });
  expect(mail.unsubscribeUrl).toMatch(/^https:\/\/patch\.test\/unsubscribe\?token=/);
  expect(mail.oneClickUnsubscribeUrl).toMatch(/^https:\/\/patch\.test\/api\/unsubscribe\?token=/);
});

test("a month with nothing due says so, without empty groups", () => {
  const mail = composeGardenMonthEmail(
    { ...facts, month: "2027-02", seedlings: [] },
    { userId: "u1", name: null },
  );
  expect(mail.sections).toEqual([]);
  expect(mail.paragraphs[0]).toMatch(/^Kia ora! Here is February/);
  expect(mail.paragraphs[1]).toMatch(/^Nothing in your plan falls due in February\./);
  expect(mail.preheader).toBe("A quiet February for your garden, and what comes next.");
});
