// The preamble every member's change from /profile/subscription shares (issue 21): the form parsed
// by its own schema (refused with the change's message and the first message per field), then made
// through changeSubscription with the form's request key. Each verb's file says only what changes.
import type { Database } from "#app/lib/db.server.ts";
import { fieldErrors, type Failure } from "#app/lib/outcome.ts";
import type { z } from "#app/lib/zod.ts";
import type { BoxRow } from "./box-contents.server.ts";
import { openUpcomingBox } from "./box-changes.server.ts";
import { MANAGE_MESSAGES, requestOnlySchema } from "./manage.schema.ts";
import {
  changeSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";

/** Who asks for a member's change; the request key comes from the form. */
export type MemberRequest = Omit<ChangeRequest, "requestKey">;

export interface MemberChangeOptions<T> {
  /** The answer when the form doesn't parse. */
  invalid: string;
  /** The fields' messages (default: the first per field, keyed by its first path part). */
  errorsOf?: (error: z.ZodError) => Record<string, string>;
  /** A refusal that needs no lock on the subscription, checked before its transaction. */
  check?: (input: T) => Promise<Failure | null>;
}

export function memberChange<T extends { requestKey: string }>(
  schema: z.ZodType<T>,
  { invalid, errorsOf = fieldErrors, check }: MemberChangeOptions<T>,
  decide: (input: T, sub: SubscriptionRow, now: Date, tx: Database) => Decision | Promise<Decision>,
): (raw: unknown, who: MemberRequest) => Promise<ChangeOutcome> {
  return async (raw, who) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return refused(invalid, errorsOf(parsed.error));
    const input = parsed.data;
    const stop = await check?.(input);
    if (stop) return stop;
    return changeSubscription({ ...who, requestKey: input.requestKey }, (sub, now, tx) =>
      decide(input, sub, now, tx),
    );
  };
}

/** A change whose form posts nothing but its request key (skip, unskip, resume, keep). */
export function requestOnlyChange(
  decide: (sub: SubscriptionRow, now: Date, tx: Database) => Decision | Promise<Decision>,
): (raw: unknown, who: MemberRequest) => Promise<ChangeOutcome> {
  return memberChange(
    requestOnlySchema,
    { invalid: MANAGE_MESSAGES.request },
    (_input, sub, now, tx) => decide(sub, now, tx),
  );
}

/** The upcoming box of a running subscription, locked and still open to change, or why not. */
export async function runningUpcomingBox(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<BoxRow | Failure> {
  return notRunning(sub) ?? (await openUpcomingBox(tx, sub, now));
}
