// The kinds of setting the settings schema is made of: a yes/no flag, a whole number with its
// bounds in words, an optional string (empty counts as unset), e-mail lists, and the referral
// credit's "friends:cents" milestones.
import { z } from "zod";

export const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * A setting that counts something: "must be a whole number of days, like 5" when it isn't (the
 * example is its default), and its bounds' own words when it is out of them.
 */
export function wholeNumber(
  unit: string,
  fallback: number,
  [least, tooFew]: [number, string],
  [most, tooMany]: [number?, string?] = [],
) {
  const message = `must be a whole number of ${unit}, like ${fallback}`;
  const counted = z.coerce.number({ message }).int({ message }).min(least, { message: tooFew });
  return (most === undefined ? counted : counted.max(most, { message: tooMany })).default(fallback);
}

export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.email({ message: "each entry must be an e-mail address" }))
      .length(3, { message: "must list exactly three e-mail addresses, comma-separated" }),
  );

/** Any number of addresses, comma-separated (none when unset or empty). */
export const optionalEmailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "each entry must be an e-mail address" })))
  .default([]);

const MILESTONES_MESSAGE =
  'must be "friends:cents" pairs with more friends each time, like "3:500,10:1500" (1 to 50000 cents each)';

/** "3:500,10:1500" → [{ friends: 3, amount: 500 }, { friends: 10, amount: 1500 }]. */
export const creditMilestones = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return [];
    const pairs = v.split(",").map((pair) => /^\s*(\d{1,4})\s*:\s*(\d{1,5})\s*$/.exec(pair));
    const milestones = pairs.map((m) =>
      m ? { friends: Number(m[1]), amount: Number(m[2]) } : null,
    );
    const ok = milestones.every(
      (m, i) =>
        m !== null &&
        m.friends >= 1 &&
        m.amount >= 1 &&
        m.amount <= 50_000 &&
        (i === 0 || m.friends > milestones[i - 1]!.friends),
    );
    if (!ok) {
      ctx.addIssue({ code: "custom", message: MILESTONES_MESSAGE });
      return z.NEVER;
    }
    return milestones as { friends: number; amount: number }[];
  });
