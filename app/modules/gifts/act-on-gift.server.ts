// One admin act on a gift (ADR 049), what the re-send, change and refund share (`giftAct`): the
// input parsed with its zod schema (a 400 with the first problem otherwise), then in one transaction
// the gift's row locked (FOR UPDATE, as redeeming locks it, so a refund and a redemption can't
// both win), a request key already used answered as the first time, the act's own checks and
// change, and its history row (who, when, why, what changed) written with it.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { giftEvents, gifts, type GiftEventKind } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { ADMIN_GIFT_MESSAGES, giftIdSchema } from "./admin-gifts.schema.ts";

export type GiftRow = typeof gifts.$inferSelect;
export type GiftActOutcome = Outcome<{ message: string; repeated: boolean }>;

/** The admin acting: their e-mail address is kept on the history row. */
export interface GiftAdmin {
  email: string;
}

/** What each act is given: the gift, the posted form, the admin, and the time (for tests). */
export interface GiftActOptions {
  giftId: string;
  input: unknown;
  admin: GiftAdmin;
  now?: Date;
}

/** What an act did: its history details, or a refusal. */
type ActResult = { details: Record<string, unknown> } | ReturnType<typeof failure>;

/** What an act says of itself: its form's schema, its history kind, its words and its change. */
interface GiftActDefinition<S extends z.ZodType<{ requestKey: string; reason: string }>> {
  schema: S;
  kind: GiftEventKind;
  /** The words for a success (the gift as it is after the act). */
  done: (gift: GiftRow) => string;
  act: (tx: Database, gift: GiftRow, input: z.infer<S>, now: Date) => Promise<ActResult>;
}

/**
 * An admin act from its definition: called with the gift, the form, the admin and the time (now
 * unless a test says otherwise).
 */
export function giftAct<S extends z.ZodType<{ requestKey: string; reason: string }>>(
  definition: GiftActDefinition<S>,
): (options: GiftActOptions) => Promise<GiftActOutcome> {
  return (options) => actOnGift(options, definition);
}

async function actOnGift<S extends z.ZodType<{ requestKey: string; reason: string }>>(
  { giftId, input: raw, admin, now = new Date() }: GiftActOptions,
  { schema, kind, done, act }: GiftActDefinition<S>,
): Promise<GiftActOutcome> {
  if (!giftIdSchema.safeParse(giftId).success)
    return failure("not-found", ADMIN_GIFT_MESSAGES.notFound);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return failure("invalid", Object.values(errors)[0] ?? ADMIN_GIFT_MESSAGES.reason, {
      fieldErrors: errors,
    });
  }
  const input = parsed.data;
  return db().transaction(async (tx): Promise<GiftActOutcome> => {
    const locked = (await tx.execute(
      sql`select id from gifts where id = ${giftId}::uuid for update`,
    )) as unknown as { rows: unknown[] };
    if (locked.rows.length === 0) return failure("not-found", ADMIN_GIFT_MESSAGES.notFound);
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId));
    const [seen] = await tx
      .select({ giftId: giftEvents.giftId, kind: giftEvents.kind })
      .from(giftEvents)
      .where(eq(giftEvents.requestKey, input.requestKey));
    // A doubled or retried submit of the same form: done already, answered as then.
    if (seen?.giftId === giftId && seen.kind === kind)
      return { ok: true, message: done(gift!), repeated: true };
    if (seen) return failure("conflict", "This form is out of date. Please reload the page.");
    const result = await act(tx, gift!, input, now);
    if ("ok" in result) return result;
    await tx.insert(giftEvents).values({
      giftId,
      kind,
      requestKey: input.requestKey,
      by: admin.email,
      reason: input.reason,
      details: result.details,
    });
    const [after] = await tx.select().from(gifts).where(eq(gifts.id, giftId));
    return { ok: true, message: done(after!), repeated: false };
  });
}

/** The refusal for a gift no act may touch (not paid, or refunded). */
export function notActionable(gift: GiftRow) {
  if (gift.status === "refunded") return failure("conflict", ADMIN_GIFT_MESSAGES.refunded);
  if (gift.status !== "paid") return failure("conflict", ADMIN_GIFT_MESSAGES.notPaid);
  return null;
}
