// Saved replies (issue 41): answers a coach starts from, each linking the education article or
// monthly guide that says more. The starting set below is written into the table the first time
// the inbox reads an empty one (ON CONFLICT on the title: several processes may race); admins add
// and edit replies at /admin/coach/replies.
import { asc, eq } from "drizzle-orm";
import { coachSavedReplies, type CoachTopic } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { COACH_TOPICS } from "./inbox.schema.ts";

export type SavedReply = typeof coachSavedReplies.$inferSelect;

/** The replies a new inbox starts with; `{site}` becomes the site's address. */
export const STARTING_REPLIES: { title: string; topic: CoachTopic; body: string }[] = [
  {
    title: "Slugs and snails on seedlings",
    topic: "pests",
    body: `Kia ora! Those ragged holes and silvery trails are almost always slugs or snails: they do most of their damage on mild, damp nights, which is why seedlings can vanish overnight.

Go out with a torch an hour after dark and pick off what you find, then set a beer trap (a shallow dish sunk level with the soil) or lay a board they can hide under and check it each morning. A ring of copper tape or crushed eggshell around young plants helps too, and pet-safer iron phosphate pellets are fine if you need them.

Our slug patrol guide has the full routine: {site}/education/slug-patrol`,
  },
  {
    title: "Yellowing lower leaves",
    topic: "other",
    body: `Kia ora! Yellowing that starts on the oldest, lowest leaves and works upwards usually means the plant is hungry for nitrogen, or the roots are sitting too wet.

Push a finger into the soil: if it is soggy a knuckle down, water less often and check the box drains freely. If it is fine, give a liquid feed (seaweed or worm-tea at the strength on the bottle) every fortnight and side-dress with a handful of compost.

Our soil testing guide shows how to check drainage and what your soil needs: {site}/education/soil-testing`,
  },
  {
    title: "How much to water in summer",
    topic: "watering",
    body: `Kia ora! In a grow box, a deep soak two or three times a week does more good than a sprinkle every day: water until it runs from the bottom, then let the top few centimetres dry before the next one. In a hot nor'west spell, check daily, and water in the morning so the leaves dry before night.

A 5 cm mulch of straw or compost keeps the moisture in, and if you are away over the holidays, group pots together and set up a simple drip line.

The December guide has the summer watering and holiday checklist: {site}/education/monthly/december`,
  },
  {
    title: "Seedlings just arrived: first 48 hours",
    topic: "sowing",
    body: `Kia ora! Give new seedlings a couple of days to settle before planting: keep them in their punnets somewhere sheltered and bright, water them well, and bring them out into the sun for a few hours more each day so they harden off.

Plant in the cool of the evening, firm the soil gently around each one and water it in. Keep the frost cloth handy if a late frost is forecast for your town.

Inside the box walks through it step by step: {site}/education/inside-the-box`,
  },
  {
    title: "When to pick strawberries",
    topic: "harvest",
    body: `Kia ora! Pick strawberries when they are red right up to the green cap, ideally in the morning while they are cool, and snip them with a bit of stalk so they keep longer. Check every day or two in summer: the birds are watching too, so net the plants once the first fruit colours up.

After the main crop, cut back the old leaves and pot up the best runners for next year's plants.

Our strawberry patch guide has the whole season: {site}/education/strawberry-patch`,
  },
  {
    title: "What to sow this month",
    topic: "sowing",
    body: `Kia ora! The monthly guides list what to sow and plant for each part of the country, with the jobs for the month. Have a look at this month's and your next box will have seedlings to match.

All the monthly guides are here: {site}/education`,
  },
];

/** The replies, by topic then title; an empty table gets the starting set first. */
export async function listSavedReplies(): Promise<SavedReply[]> {
  const read = () =>
    db()
      .select()
      .from(coachSavedReplies)
      .orderBy(asc(coachSavedReplies.topic), asc(coachSavedReplies.title));
  const rows = await read();
  if (rows.length > 0) return rows;
  const site = settings().siteUrl;
  await db()
    .insert(coachSavedReplies)
    .values(STARTING_REPLIES.map((r) => ({ ...r, body: r.body.replaceAll("{site}", site) })))
    .onConflictDoNothing({ target: coachSavedReplies.title });
  return read();
}

export async function findSavedReply(id: string): Promise<SavedReply | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db().select().from(coachSavedReplies).where(eq(coachSavedReplies.id, id));
  return row ?? null;
}

export const SAVED_REPLY_MESSAGES = {
  title: "Give the reply a short title.",
  body: "Write the reply.",
  topic: "Choose the reply's topic.",
  taken: "Another saved reply has that title already.",
  notFound: "That saved reply doesn't exist any more.",
} as const;

export const savedReplySchema = z.object({
  id: z.uuid().optional(),
  title: freeText({ max: 80 }).pipe(z.string().min(1, { message: SAVED_REPLY_MESSAGES.title })),
  topic: z.enum(COACH_TOPICS, { message: SAVED_REPLY_MESSAGES.topic }),
  body: freeText({ max: 4000, multiline: true }).pipe(
    z.string().min(1, { message: SAVED_REPLY_MESSAGES.body }),
  ),
});

/** Adds a reply, or changes the one with `id`. */
export async function saveReply(
  input: z.infer<typeof savedReplySchema>,
): Promise<{ ok: true } | { ok: false; status: 404 | 409; message: string }> {
  try {
    if (input.id) {
      const changed = await db()
        .update(coachSavedReplies)
        .set({ title: input.title, topic: input.topic, body: input.body })
        .where(eq(coachSavedReplies.id, input.id))
        .returning({ id: coachSavedReplies.id });
      if (!changed.length)
        return { ok: false, status: 404, message: SAVED_REPLY_MESSAGES.notFound };
    } else {
      const added = await db()
        .insert(coachSavedReplies)
        .values({ title: input.title, topic: input.topic, body: input.body })
        .onConflictDoNothing({ target: coachSavedReplies.title })
        .returning({ id: coachSavedReplies.id });
      if (!added.length) return { ok: false, status: 409, message: SAVED_REPLY_MESSAGES.taken };
    }
    return { ok: true };
  } catch (err) {
    if ((err as { code?: string }).code === "23505" || String(err).includes("unique"))
      return { ok: false, status: 409, message: SAVED_REPLY_MESSAGES.taken };
    throw err;
  }
}
