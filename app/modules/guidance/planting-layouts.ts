// Square-foot-style planting layouts for each plan's grow box. Each box is split into squares of
// about 30 cm (a third of a metre; across the narrow 0.5 m² box, a quarter), one crop per square,
// planted at a set number per square. A plan's varieties come "through the year" (plans.ts), so
// each box has a spring-and-summer layout and an autumn-and-winter one; between them they use
// every variety in the plan. Layouts are written north row first: in New Zealand the sun is in the
// north, so tall crops and trellises go in the last (south) row, where they shade nothing.
import { plans, type Plan, type PlanId } from "#app/modules/subscriptions/plans.ts";

export interface PlantGuide {
  /** The variety as the plan lists it. */
  name: string;
  /** What fits in a square on a phone. */
  short: string;
  perSquare: number;
  spacing: string;
  note: string;
}

const plantGuides: PlantGuide[] = [
  {
    name: "Cos lettuce",
    short: "Lettuce",
    perSquare: 4,
    spacing: "15 cm apart",
    note: "Pick the outer leaves and it keeps cropping. In summer it bolts less in the light shade of taller plants.",
  },
  {
    name: "Cherry tomato 'Sweet 100'",
    short: "Cherry tomato",
    perSquare: 1,
    spacing: "staked in the middle",
    note: "South side, so it shades nothing. Put the stake in before planting. Basil beside it likes the same sun and watering.",
  },
  {
    name: "Italian parsley",
    short: "Parsley",
    perSquare: 4,
    spacing: "15 cm apart",
    note: "Crops for months. Let one plant flower: hoverflies feed on it, and their larvae eat aphids.",
  },
  {
    name: "Sweet basil",
    short: "Basil",
    perSquare: 4,
    spacing: "15 cm apart",
    note: "Frost-tender: plant once nights stay warm. A natural neighbour for tomatoes.",
  },
  {
    name: "Silverbeet 'Rainbow'",
    short: "Silverbeet",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Grows big: pick the outer stalks often. Crops through winter in most of the country.",
  },
  {
    name: "Spring onion",
    short: "Spring onion",
    perSquare: 16,
    spacing: "7 to 8 cm apart",
    note: "Tucks in anywhere. Keep the onion family away from peas and beans, which grow poorly beside it.",
  },
  {
    name: "Strawberry",
    short: "Strawberry",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Stays about three years, so it keeps its own corner all year. Net it once fruit forms.",
  },
  {
    name: "Dwarf bush beans",
    short: "Dwarf beans",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "No trellis needed. Beans feed the soil with nitrogen for the leafy crops that follow.",
  },
  {
    name: "Radish",
    short: "Radish",
    perSquare: 16,
    spacing: "7 to 8 cm apart",
    note: "Ready in about four weeks: sow a few at a time and pull them before neighbours need the room.",
  },
  {
    name: "Baby spinach",
    short: "Spinach",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "A cool-season crop that bolts in summer heat. Pick young leaves often.",
  },
  {
    name: "Courgette",
    short: "Courgette",
    perSquare: 1,
    spacing: "in a corner, spilling over the edge",
    note: "A big plant: give it a corner and let the leaves spill over the edge. Pick fruit at 15 to 20 cm.",
  },
  {
    name: "Snow peas",
    short: "Snow peas",
    perSquare: 8,
    spacing: "two rows of 4 along a trellis",
    note: "Climb a trellis on the south side. Keep them away from the onion family.",
  },
  {
    name: "Chives",
    short: "Chives",
    perSquare: 4,
    spacing: "15 cm apart",
    note: "Perennial: the clump stays all year and regrows after cutting. Bees love the flowers.",
  },
  {
    name: "Coriander",
    short: "Coriander",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "Runs to seed in heat: grow it in the cooler months, in light shade.",
  },
  {
    name: "Kale 'Cavolo Nero'",
    short: "Kale",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Tall by winter, so it stands on the south side. Net brassicas against white butterfly.",
  },
  {
    name: "Carrot 'Nantes'",
    short: "Carrot",
    perSquare: 16,
    spacing: "7 to 8 cm apart, once thinned",
    note: "Sow thinly and keep the surface damp until seedlings show, then thin so roots have room.",
  },
  {
    name: "Beetroot",
    short: "Beetroot",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "Each seed is a cluster: thin to one seedling per spot. Young leaves are good in salads.",
  },
  {
    name: "Broccoli",
    short: "Broccoli",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Net against white butterfly. After the main head, side shoots keep coming for weeks.",
  },
  {
    name: "Cabbage 'Savoy'",
    short: "Cabbage",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Crinkled leaves stand up to cold. Net it with the other brassicas.",
  },
  {
    name: "Capsicum",
    short: "Capsicum",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Wants the warmest spot and a long summer. Stake it once fruit sets.",
  },
  {
    name: "Telegraph cucumber",
    short: "Cucumber",
    perSquare: 2,
    spacing: "15 cm apart, up a trellis",
    note: "Climbs a trellis on the south side. Pick often so it keeps fruiting.",
  },
  {
    name: "Buttercup pumpkin",
    short: "Pumpkin",
    perSquare: 1,
    spacing: "in a corner, trained over the side",
    note: "Plant in a corner and train the vine over the side onto the grass, or it fills the box.",
  },
  {
    name: "Garlic",
    short: "Garlic",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "Plant cloves in May or June, lift in December. Keep it with the onion family, away from peas and beans.",
  },
  {
    name: "Red onion",
    short: "Red onion",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "Slow but easy. Stop watering once the tops start to fall over.",
  },
  {
    name: "Leek",
    short: "Leek",
    perSquare: 9,
    spacing: "10 cm apart",
    note: "Plant deep so the stems blanch. Stands all winter until you need it.",
  },
  {
    name: "Broad beans",
    short: "Broad beans",
    perSquare: 4,
    spacing: "15 cm apart",
    note: "Tall, so the south side. Pinch out the tips at flowering to deter black aphids.",
  },
  {
    name: "Climbing beans",
    short: "Climbing beans",
    perSquare: 8,
    spacing: "two rows of 4 along a trellis",
    note: "Up a tall trellis on the south side. Pick pods young and often.",
  },
  {
    name: "Thyme",
    short: "Thyme",
    perSquare: 1,
    spacing: "a single clump",
    note: "A hardy perennial for a sunny, well-drained corner. Flowers for the bees.",
  },
  {
    name: "Mint (in its own pot)",
    short: "Mint",
    perSquare: 1,
    spacing: "in a pot beside the box",
    note: "Kept in a pot because its runners would take over the box.",
  },
  {
    name: "Calendula (for the bees)",
    short: "Calendula",
    perSquare: 1,
    spacing: "30 cm apart",
    note: "Flowers most of the year and brings in bees and hoverflies. The petals are edible.",
  },
];

/** A square holds one crop, or two quick ones sharing it half and half. */
type SquareSpec = string | [string, string];

interface LayoutSpec {
  columns: number;
  rows: number;
  seasons: { spring: SquareSpec[][]; autumn: SquareSpec[][] };
  /** Grown beside the box rather than in it. */
  besideTheBox: string[];
}

const S = "Strawberry";
const layoutSpecs: Record<PlanId, LayoutSpec> = {
  "0.5m2": {
    columns: 3,
    rows: 2,
    seasons: {
      spring: [
        [S, "Cos lettuce", "Sweet basil"],
        [S, "Spring onion", "Cherry tomato 'Sweet 100'"],
      ],
      autumn: [
        [S, "Cos lettuce", "Italian parsley"],
        [S, "Spring onion", "Silverbeet 'Rainbow'"],
      ],
    },
    besideTheBox: [],
  },
  "1m2": {
    columns: 3,
    rows: 3,
    seasons: {
      spring: [
        [S, "Cos lettuce", "Chives"],
        [S, "Sweet basil", ["Radish", "Spring onion"]],
        ["Dwarf bush beans", "Cherry tomato 'Sweet 100'", "Courgette"],
      ],
      autumn: [
        [S, "Baby spinach", "Chives"],
        [S, "Coriander", "Italian parsley"],
        ["Snow peas", "Kale 'Cavolo Nero'", "Silverbeet 'Rainbow'"],
      ],
    },
    besideTheBox: [],
  },
  "2m2": {
    columns: 6,
    rows: 3,
    seasons: {
      spring: [
        [S, S, "Cos lettuce", "Carrot 'Nantes'", "Beetroot", "Thyme"],
        [
          "Calendula (for the bees)",
          "Dwarf bush beans",
          "Sweet basil",
          "Italian parsley",
          "Radish",
          "Chives",
        ],
        [
          "Buttercup pumpkin",
          "Climbing beans",
          "Cherry tomato 'Sweet 100'",
          "Telegraph cucumber",
          "Capsicum",
          "Courgette",
        ],
      ],
      autumn: [
        [S, S, "Spring onion", "Garlic", "Red onion", "Thyme"],
        ["Calendula (for the bees)", "Baby spinach", "Coriander", "Cos lettuce", "Leek", "Chives"],
        [
          "Broad beans",
          "Snow peas",
          "Broccoli",
          "Kale 'Cavolo Nero'",
          "Cabbage 'Savoy'",
          "Silverbeet 'Rainbow'",
        ],
      ],
    },
    besideTheBox: ["Mint (in its own pot)"],
  },
};

export interface SquarePlanting {
  name: string;
  short: string;
  count: number;
}

export interface SeasonLayout {
  id: "spring" | "autumn";
  title: string;
  /** Rows from north to south, squares from west to east. */
  rows: SquarePlanting[][][];
}

export interface PlantingLayout {
  planId: PlanId;
  size: string;
  bed: Plan["bed"];
  columns: number;
  rows: number;
  /** e.g. "3 squares long and 2 wide, each about 33 × 25 cm". */
  grid: string;
  seasons: SeasonLayout[];
  /** Every variety of the plan, in the plan's order, with its spacing and notes. */
  plants: PlantGuide[];
  besideTheBox: PlantGuide[];
}

const SEASON_TITLES = {
  spring: "Spring and summer (planted September to December)",
  autumn: "Autumn and winter (planted March to June)",
} as const;

export function plantGuide(name: string): PlantGuide {
  const guide = plantGuides.find((p) => p.name === name);
  if (!guide) throw new Error(`No planting guide for ${name}`);
  return guide;
}

function plantingsIn(square: SquareSpec): SquarePlanting[] {
  const names = typeof square === "string" ? [square] : square;
  return names.map((name) => {
    const guide = plantGuide(name);
    // Two crops sharing a square take half of it each.
    const count = Math.max(1, Math.floor(guide.perSquare / names.length));
    return { name, short: guide.short, count };
  });
}

export function plantingLayoutFor(plan: Plan): PlantingLayout {
  const spec = layoutSpecs[plan.id];
  const across = Math.round((plan.bed.widthM * 100) / spec.rows);
  const along = Math.round((plan.bed.lengthM * 100) / spec.columns);
  const squares = across === along ? `about ${along} cm square` : `about ${along} × ${across} cm`;
  return {
    planId: plan.id,
    size: plan.size,
    bed: plan.bed,
    columns: spec.columns,
    rows: spec.rows,
    grid: `${spec.columns} squares long and ${spec.rows} wide, each ${squares}`,
    seasons: (["spring", "autumn"] as const).map((id) => ({
      id,
      title: SEASON_TITLES[id],
      rows: spec.seasons[id].map((row) => row.map(plantingsIn)),
    })),
    plants: plan.detailedFeatures.plants
      .filter((name) => !spec.besideTheBox.includes(name))
      .map(plantGuide),
    besideTheBox: spec.besideTheBox.map(plantGuide),
  };
}

export function listPlantingLayouts(): PlantingLayout[] {
  return plans.map(plantingLayoutFor);
}
