// The "How It Works" feature blocks (SPEC §3 "Feature block", §2 How It Works) as data. The page
// shows them through howItWorksBlocks(): the plan block first and two headings overridden.

export interface FeatureImage {
  /** Base path without width and extension: /images/home/choose-plan → -400/-800 .avif/.webp */
  base: string;
  alt: string;
  width: number;
  height: number;
}

export interface FeatureBlock {
  id: string;
  title: string;
  headline: string;
  description: string;
  icon: "box" | "phone" | "coach" | "seasons" | "plan";
  backgroundColor: string;
  images: FeatureImage[];
  video?: { webm: string; mp4: string };
  isSubscriptionSection: boolean;
}

const image = (name: string, alt: string): FeatureImage => ({
  base: `/images/home/${name}`,
  alt,
  width: 800,
  height: 600,
});

export const featureBlocks: readonly FeatureBlock[] = [
  {
    id: "monthly-delivery",
    title: "Monthly delivery",
    headline: "Everything for this month, at your door",
    description:
      "Each month a box arrives with the seedlings and seed that suit the season in your region, a compost top-up, organic fertiliser and labels. No garden-centre trips, no guessing what to plant when.",
    icon: "box",
    backgroundColor: "#f3ecdc",
    images: [
      image(
        "supplies-arrive",
        "An open Patch delivery box on a doorstep with seedlings, compost and seed packets",
      ),
    ],
    isSubscriptionSection: false,
  },
  {
    id: "guided-growing",
    title: "Guided growing",
    headline: "Reminders by text message or calendar",
    description:
      "A short text or a calendar reminder tells you what to do and when: plant the seedlings, water in, feed, net the brassicas, pick the first leaves. Just the next step, in plain words.",
    icon: "phone",
    backgroundColor: "#e6efdf",
    images: [
      image(
        "guided-growing",
        "A phone showing a text from Patch: Time to sow your lettuce! Water in well this evening.",
      ),
    ],
    isSubscriptionSection: false,
  },
  {
    id: "year-round-support",
    title: "Year-round support",
    headline: "Real gardeners on hand when you're stuck",
    description:
      "Yellow leaves, holes in the silverbeet, a frost on the way? Send our gardening coaches a photo and a question and get an answer that fits your region and your box.",
    icon: "coach",
    backgroundColor: "#f6e7dc",
    images: [
      image(
        "year-round-support",
        "A gardening coach in a sun hat pointing out a plant in a grow box",
      ),
    ],
    isSubscriptionSection: false,
  },
  {
    id: "year-round-growing",
    title: "Year-round growing",
    headline: "Something to harvest in every season",
    description:
      "Tomatoes and basil in summer, pumpkins in autumn, brassicas and broad beans through winter, fresh seedlings in spring. We plan the rotation so your box is never bare and the soil stays healthy.",
    icon: "seasons",
    backgroundColor: "#eef0e2",
    images: [image("year-round-growing", "One grow box through summer, autumn, winter and spring")],
    isSubscriptionSection: false,
  },
  {
    id: "select-plan",
    title: "Select a plan",
    headline: "Pick the box that fits your space",
    description:
      "Half a square metre for a balcony, one for a typical backyard bed, or two for a family. Every plan includes the seasonal plants, soil and supplies, the reminders and free shipping.",
    icon: "plan",
    backgroundColor: "#f3ecdc",
    images: [image("choose-plan", "Three wooden grow boxes in small, medium and large sizes")],
    isSubscriptionSection: true,
  },
];

/** SPEC §2: the headings the How It Works section shows instead of the blocks' own titles. */
export const HEADING_OVERRIDES: Record<string, string> = {
  "select-plan": "Choose your plan",
  "monthly-delivery": "Your supplies arrive",
};

/** The blocks as How It Works shows them: the plan block first, headings overridden. */
export function howItWorksBlocks(blocks: readonly FeatureBlock[] = featureBlocks): FeatureBlock[] {
  const plan = blocks.filter((b) => b.isSubscriptionSection);
  const rest = blocks.filter((b) => !b.isSubscriptionSection);
  return [...plan, ...rest].map((b) => ({ ...b, title: HEADING_OVERRIDES[b.id] ?? b.title }));
}
