import { expect, test } from "vitest";
import { growingItemsFor, itemsInGuideLine } from "./box-contents-from-guides.server.ts";

test("a guide's 'Plant' line becomes seedlings and its 'Sow' line seed packets, in the line's order", () => {
  expect(
    itemsInGuideLine("Plant tomatoes, capsicums, chillies and eggplants").map((i) => i.id),
  ).toEqual(["seedling-tomato", "seedling-capsicum", "seedling-chilli", "seedling-eggplant"]);
  expect(
    itemsInGuideLine("Sow dwarf and climbing beans once the soil has warmed").map((i) => i.id),
  ).toEqual(["seed-dwarf-beans", "seed-climbing-beans"]);
  expect(itemsInGuideLine("Sow or plant sweetcorn in warm, sheltered spots")[0]).toMatchObject({
    id: "seed-sweetcorn",
    kind: "seed",
    sizeClass: "seed-packet",
  });
  // Spring onions are not onions; sweet peas are flowers, not peas.
  expect(itemsInGuideLine("Sow spring onions and sweet peas").map((i) => i.id)).toEqual([
    "seed-spring-onion",
  ]);
  expect(itemsInGuideLine("Harvest garlic late in the month as the leaves brown")).toEqual([]);
});

test("a zone's list names each item once", () => {
  const items = growingItemsFor(["Plant basil", "Plant basil in a pot", "Sow basil"]);
  expect(items.map((i) => i.id)).toEqual(["seedling-basil", "seed-basil"]);
});
