// A plan card's postcode read from /subscribe's query (issue 39, ADR 079).
import { expect, test } from "vitest";
import { POSTCODE_MESSAGES } from "#app/lib/nz-postcodes.ts";
import { planCardPlace, planCardPostcodeError, postcodeNote } from "./plan-card-place.server.ts";

const url = (query: string) => new URL(`https://patch.test/subscribe?${query}`);

test("no postcode: nothing to do", () => {
  expect(planCardPlace(url("region=Auckland&plan=1m2"))).toEqual({ kind: "none" });
  expect(planCardPlace(url("region=Auckland&postcode=&plan=1m2"))).toEqual({ kind: "none" });
});

test("a postcode alone: the same page with its region", () => {
  expect(planCardPlace(url("region=&postcode=1010&plan=2m2"))).toEqual({
    kind: "redirect",
    to: "/subscribe?region=Auckland&postcode=1010&plan=2m2",
  });
  // A data request stands for the page.
  expect(
    planCardPlace(
      new URL("https://patch.test/subscribe.data?postcode=9016&_route=routes%2Fsubscribe"),
    ),
  ).toEqual({ kind: "redirect", to: "/subscribe?postcode=9016&region=Otago" });
});

test("the postcode's region named already: said", () => {
  expect(planCardPlace(url("region=Auckland&postcode=1010&plan=2m2"))).toEqual({
    kind: "found",
    region: "Auckland",
    postcode: "1010",
    note: "1010 is in Auckland",
  });
});

test("a postcode we can't place: back to the cards with it and the plan", () => {
  expect(planCardPlace(url("region=&postcode=2800&plan=0.5m2"))).toEqual({
    kind: "redirect",
    to: "/?postcode=2800&plan=0.5m2#plans",
  });
  expect(planCardPostcodeError(new URL("https://patch.test/?postcode=2800&plan=0.5m2"))).toEqual({
    postcode: "2800",
    error: POSTCODE_MESSAGES.unknown("2800"),
  });
  expect(planCardPostcodeError(new URL("https://patch.test/?postcode=12"))).toEqual({
    postcode: "12",
    error: POSTCODE_MESSAGES.malformed,
  });
  expect(planCardPostcodeError(new URL("https://patch.test/"))).toBeNull();
});

test("the waitlist's note only when the postcode is the region's", () => {
  expect(postcodeNote(new URLSearchParams("postcode=9810"), "Southland")).toBe(
    "9810 is in Southland",
  );
  expect(postcodeNote(new URLSearchParams("postcode=9810"), "Otago")).toBeNull();
  expect(postcodeNote(new URLSearchParams(""), "Otago")).toBeNull();
});
