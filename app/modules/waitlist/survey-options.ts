// The survey's choices, free of zod so the survey page ships no validation library.
export const SPACE_KINDS = [
  "Balcony or deck",
  "Courtyard",
  "Backyard bed",
  "Lawn I can dig up",
  "Something else",
] as const;
export const SUN_HOURS = ["Less than 3 hours", "3 to 6 hours", "More than 6 hours"] as const;
export const EXPERIENCE = ["Never grown food", "Grown a few things", "Confident gardener"] as const;
export const TIME_PER_WEEK = ["15 minutes", "30 minutes", "An hour", "Two hours or more"] as const;
export const INTERESTS = [
  "Salad greens",
  "Herbs",
  "Tomatoes and summer crops",
  "Fruit and berries",
  "Root vegetables",
  "Flowers for bees",
] as const;
