// What an admin's credit form may say (ADR 040): the member, an amount in dollars and cents kept
// in integer cents (1 cent to $500), a reason (required) and the page's request key, so a retried
// submit changes nothing twice. Also the admin's member search.
import { formatMoney } from "#app/lib/money.ts";
import { freeText, opaqueId, z } from "#app/lib/zod.ts";
import { MAX_ADMIN_CREDIT } from "./credit-ledger.server.ts";

export const CREDIT_MESSAGES = {
  amount: "Enter an amount like 5 or 12.50.",
  tooSmall: "The amount must be at least 1 cent.",
  tooLarge: `At most ${formatMoney(MAX_ADMIN_CREDIT)} at a time.`,
  reason: "Say why (at least 3 characters).",
  member: "Choose a member.",
  notFound: "There's no member with that e-mail address.",
  memberGone: "That member's account no longer exists.",
  requestKey: "Reload the page and try again.",
} as const;

/** The amount and reason an admin types, and the page's request key (any credit form's). */
export const creditAmountFields = {
  amount: z
    .string({ message: CREDIT_MESSAGES.amount })
    .trim()
    .regex(/^\$?\d{1,6}(\.\d{1,2})?$/, { message: CREDIT_MESSAGES.amount })
    .transform((v) => Math.round(Number(v.replace("$", "")) * 100))
    .pipe(
      z
        .number()
        .int()
        .min(1, { message: CREDIT_MESSAGES.tooSmall })
        .max(MAX_ADMIN_CREDIT, { message: CREDIT_MESSAGES.tooLarge }),
    ),
  reason: freeText({ max: 300, tooLong: "Keep the reason under 300 characters." }).min(3, {
    message: CREDIT_MESSAGES.reason,
  }),
  requestKey: z.uuid({ message: CREDIT_MESSAGES.requestKey }),
};

export const creditAdjustmentSchema = z.object({
  userId: z
    .string({ message: CREDIT_MESSAGES.member })
    .refine((v) => opaqueId.safeParse(v).success, { message: CREDIT_MESSAGES.member }),
  ...creditAmountFields,
});

export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

/** The admin's search: one e-mail address. */
export const memberEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter an e-mail address." }));
