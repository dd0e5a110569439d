// The whole Drizzle schema, one file per area.
export * from "./notifications.ts";
export * from "./platform.ts";
export * from "./waitlist.ts";
