// The whole Drizzle schema, one file per area.
export * from "./accounts.ts";
export * from "./auth.ts";
export * from "./notifications.ts";
export * from "./platform.ts";
export * from "./shop.ts";
export * from "./waitlist.ts";
export * from "./guidance.ts";
export * from "./subscriptions.ts";
export * from "./garden.ts";
export * from "./boxes.ts";
export * from "./credits.ts";
export * from "./gifts.ts";
export * from "./notes.ts";
export * from "./reconciliation.ts";
export * from "./coaching.ts";
