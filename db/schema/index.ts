// The whole Drizzle schema, one file per area.
export * from "./platform.ts";
