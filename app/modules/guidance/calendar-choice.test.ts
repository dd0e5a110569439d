import { expect, test } from "vitest";
import { readCalendarChoice } from "./calendar-choice.ts";

test("a known region and plan are accepted", () => {
  const read = readCalendarChoice(new URLSearchParams("region=Hawke's Bay&plan=0.5m2"));
  expect(read.ok && read.choice.region).toBe("Hawke's Bay");
  expect(read.ok && read.choice.plan.size).toBe("0.5m²");
});

test("anything else says which choice to fix", () => {
  expect(readCalendarChoice(new URLSearchParams("region=Mars&plan=1m2"))).toEqual({
    ok: false,
    code: "invalid",
    message: "Choose your region from the list.",
    fieldErrors: { region: "Choose your region from the list." },
  });
  expect(readCalendarChoice(new URLSearchParams("region=Otago&plan=3m2"))).toEqual({
    ok: false,
    code: "invalid",
    message: "Choose a plan size.",
    fieldErrors: { plan: "Choose a plan size." },
  });
  expect(readCalendarChoice(new URLSearchParams(""))).toEqual({
    ok: false,
    code: "invalid",
    message: "Choose your region from the list. Choose a plan size.",
    fieldErrors: { region: "Choose your region from the list.", plan: "Choose a plan size." },
  });
});
