import { expect, test } from "vitest";
import { featureBlocks, howItWorksBlocks } from "./feature-blocks.ts";

test("the plan block moves first and the two headings are overridden", () => {
  const blocks = howItWorksBlocks();
  expect(blocks.map((b) => b.id)).toEqual([
    "select-plan",
    "monthly-delivery",
    "guided-growing",
    "year-round-support",
    "year-round-growing",
  ]);
  expect(blocks[0]?.title).toBe("Choose your plan");
  expect(blocks[1]?.title).toBe("Your supplies arrive");
  expect(blocks[2]?.title).toBe("Guided growing");
  // The data itself is untouched.
  expect(featureBlocks.find((b) => b.id === "select-plan")?.title).toBe("Select a plan");
});

test("the first block shows an image and guided growing shows the phone notification", () => {
  const blocks = howItWorksBlocks();
  expect(blocks[0]?.images).toHaveLength(1);
  expect(blocks.find((b) => b.id === "guided-growing")?.images[0]?.base).toBe(
    "/images/home/guided-growing",
  );
});
