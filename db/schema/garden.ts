// The member's own garden plan (issue 23): their box as a grid of 30 cm squares and the plants in
// each, saved from /garden. One plan a member for now; the plan's squares are checked against the
// plant library by the use-case that saves them (app/modules/garden/save-garden.server.ts).
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const gardens = pgTable("gardens", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The box: "0.5m2", "1m2" or "2m2" (the plans' ids). */
  boxSize: text("box_size").notNull(),
  columns: integer("columns").notNull(),
  rows: integer("rows").notNull(),
  /** Row by row from the north-west corner: the plant ids in each square (at most two). */
  squares: jsonb("squares").$type<string[][]>().notNull(),
  /** Last season's squares, kept when the member starts a new season: the rotation memory. */
  lastSeason: jsonb("last_season").$type<string[][]>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
