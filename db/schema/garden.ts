// The member's own garden plan (issue 23): their box as a grid of 30 cm squares and the plants in
// each, saved from /garden. One plan a member for now; the plan's squares are checked against the
// plant library by the use-case that saves them (app/modules/garden/save-garden.server.ts). Also
// the member's harvest log and which of their shipped boxes' seedlings they have placed.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { boxes } from "./boxes.ts";

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

/** Roughly how much a picking was: a word a beginner can choose without scales, or grams. */
export type HarvestAmount = "few" | "handful" | "bowlful" | "basket" | "grams";

/** A member's harvest log (issue 23): one row a picking of one plant on one New Zealand date. */
export const harvests = pgTable(
  "harvests",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A plant library id (content/plants/*.json), checked when the picking is recorded. */
    plantId: text("plant_id").notNull(),
    pickedOn: date("picked_on").notNull(),
    amount: text("amount").$type<HarvestAmount>().notNull(),
    /** Only with amount "grams". */
    grams: integer("grams"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("harvests_user_picked_idx").on(t.userId, t.pickedOn),
    check("harvests_amount", sql`${t.amount} in ('few', 'handful', 'bowlful', 'basket', 'grams')`),
    check(
      "harvests_grams",
      sql`(${t.amount} = 'grams') = (${t.grams} is not null) and (${t.grams} is null or ${t.grams} between 1 and 100000)`,
    ),
  ],
);

/**
 * A shipped box's seedlings the member has placed in their plan from /garden ("To plant from your
 * box"): one row a box and plant, so a placed seedling isn't offered again.
 */
export const boxSeedlingPlacements = pgTable(
  "box_seedling_placements",
  {
    boxId: uuid("box_id")
      .notNull()
      .references(() => boxes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plantId: text("plant_id").notNull(),
    /** The square (row by row from the north-west corner) it went into. */
    square: integer("square").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boxId, t.plantId] }),
    index("box_seedling_placements_user_idx").on(t.userId),
  ],
);
