// The fixed list of subscription plans (SPEC §3 "Subscription plan", §9), shared by the home page's
// plan picker, the shop and the waitlist. Plant lists are varieties a beginner can grow in New
// Zealand; each month's box draws seasonal choices from its plan's list.

export type PlanId = "0.5m2" | "1m2" | "2m2";

export interface Plan {
  id: PlanId;
  size: string;
  /** Monthly price in integer cents (SPEC §9: 29.99, 39.99, 69.99 USD). */
  price: number;
  description: string;
  plantVarieties: number;
  bestFor: string;
  features: string[];
  detailedFeatures: {
    plants: string[];
    included: string[];
    extras: string[];
  };
  /** Raised-bed footprint in metres, for layouts. */
  bed: { widthM: number; lengthM: number };
}

/** How many plants the back of a plan card lists before '+ N more varieties'. */
export const PLAN_CARD_PLANT_LIMIT = 4;
export const DEFAULT_PLAN_ID: PlanId = "1m2";
export const POPULAR_PLAN_ID: PlanId = "1m2";

const starterPlants = [
  "Cos lettuce",
  "Cherry tomato 'Sweet 100'",
  "Italian parsley",
  "Sweet basil",
  "Silverbeet 'Rainbow'",
  "Spring onion",
  "Strawberry",
];

const popularPlants = [
  ...starterPlants,
  "Dwarf bush beans",
  "Radish",
  "Baby spinach",
  "Courgette",
  "Snow peas",
  "Chives",
  "Coriander",
  "Kale 'Cavolo Nero'",
];

const familyPlants = [
  ...popularPlants,
  "Carrot 'Nantes'",
  "Beetroot",
  "Broccoli",
  "Cabbage 'Savoy'",
  "Capsicum",
  "Telegraph cucumber",
  "Buttercup pumpkin",
  "Garlic",
  "Red onion",
  "Leek",
  "Broad beans",
  "Climbing beans",
  "Thyme",
  "Mint (in its own pot)",
  "Calendula (for the bees)",
];

export const plans: readonly Plan[] = [
  {
    id: "0.5m2",
    size: "0.5m²",
    price: 2999,
    description: "Perfect starter garden",
    plantVarieties: 7,
    bestFor: "Small spaces and balconies",
    features: [
      "7 plant varieties through the year",
      "Monthly seedlings and seed",
      "Text or calendar reminders",
      "Free shipping",
    ],
    detailedFeatures: {
      plants: starterPlants,
      included: [
        "Seedlings and seed for the season, each month",
        "Organic compost top-up (10 L)",
        "Slow-release organic fertiliser",
        "Plant labels and the month's guide card",
      ],
      extras: ["Watering reminders by text", "Access to our gardening coaches"],
    },
    bed: { widthM: 0.5, lengthM: 1 },
  },
  {
    id: "1m2",
    size: "1m²",
    price: 3999,
    description: "Most popular choice",
    plantVarieties: 15,
    bestFor: "Average garden beds",
    features: [
      "15 plant varieties through the year",
      "Monthly seedlings and seed",
      "Text or calendar reminders",
      "Free shipping",
    ],
    detailedFeatures: {
      plants: popularPlants,
      included: [
        "Seedlings and seed for the season, each month",
        "Organic compost top-up (20 L)",
        "Slow-release organic fertiliser",
        "Pea straw mulch in summer",
        "Plant labels and the month's guide card",
      ],
      extras: [
        "Square-metre planting plan",
        "Watering and planting reminders by text",
        "Access to our gardening coaches",
      ],
    },
    bed: { widthM: 1, lengthM: 1 },
  },
  {
    id: "2m2",
    size: "2m²",
    price: 6999,
    description: "Maximum variety",
    plantVarieties: 30,
    bestFor: "Large gardens and families",
    features: [
      "30 plant varieties through the year",
      "Monthly seedlings and seed",
      "Text or calendar reminders",
      "Free shipping",
    ],
    detailedFeatures: {
      plants: familyPlants,
      included: [
        "Seedlings and seed for the season, each month",
        "Organic compost top-up (40 L)",
        "Slow-release organic fertiliser",
        "Pea straw mulch in summer",
        "Plant labels and the month's guide card",
      ],
      extras: [
        "Two-square-metre planting plan",
        "Crop netting against white butterfly and birds",
        "Watering and planting reminders by text",
        "Priority access to our gardening coaches",
      ],
    },
    bed: { widthM: 1, lengthM: 2 },
  },
];

export function findPlan(id: string | null | undefined): Plan | undefined {
  return plans.find((p) => p.id === id);
}

/** The first plants shown on a plan card and how many more there are. */
export function planCardPlants(plan: Plan): { shown: string[]; more: number } {
  const shown = plan.detailedFeatures.plants.slice(0, PLAN_CARD_PLANT_LIMIT);
  return { shown, more: plan.plantVarieties - shown.length };
}

/** How many more boxes the credit left pays for at the plan's price. */
export function prepaidBoxesLeft(credit: number, price: number): number {
  return price > 0 ? Math.floor(credit / price) : 0;
}
