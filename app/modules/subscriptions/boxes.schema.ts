// What the member's side (and the admin's) sends to change a box (issue 21): which subscription,
// which box (its delivery date; the next changeable box when left out) and, for a swap, which item
// goes and which comes. One schema each, parsed by the use-cases themselves.
import { z } from "#app/lib/zod.ts";

export const BOX_MESSAGES = {
  notFound: "We couldn't find that subscription.",
  noBox: "There's no box to change right now.",
  locked: (cutoff: string) =>
    `This box was locked for packing at its cutoff (${cutoff}), so it can't be changed now.`,
  notRunning: "This subscription isn't running, so its boxes can't be changed.",
  alreadyPaid: "This box is already paid for and being prepared, so it can't be changed.",
  notInBox: "That item isn't in this box.",
  notSwappable: "That item can't be swapped for the one you chose: pick one of the same size.",
  alreadyInBox: "That item is already in this box.",
  outOfSeason: (name: string, month: string) =>
    `${name} aren't in season for a ${month} box where you are: choose one from the list.`,
  chooseReplacement: "Choose what to swap it for.",
  skipped: "Box skipped. You won't be charged for it.",
  unskipped: "Box back on. It will be charged at its cutoff.",
  swapped: (from: string, to: string) => `Swapped ${from} for ${to}.`,
  skippedAlready: "Unskip this box first, then change what's in it.",
  invalid: "Please choose a box and an item.",
} as const;

const day = z.iso.date({ message: BOX_MESSAGES.invalid });

export const boxTargetSchema = z.object({
  subscriptionId: z.uuid({ message: BOX_MESSAGES.notFound }),
  /** The box's delivery date; the next box that can still change when left out. */
  deliverOn: day.optional(),
});
export type BoxTarget = z.infer<typeof boxTargetSchema>;

const itemId = z
  .string({ message: BOX_MESSAGES.invalid })
  .trim()
  .min(1, { message: BOX_MESSAGES.invalid })
  .max(80, { message: BOX_MESSAGES.invalid })
  .regex(/^[a-z0-9-]+$/, { message: BOX_MESSAGES.invalid });

export const swapBoxItemSchema = boxTargetSchema.extend({
  /** The item leaving the box. */
  itemId,
  /** The item coming in instead: the same size class, chosen (nothing is preselected). */
  replacementId: z
    .string({ message: BOX_MESSAGES.chooseReplacement })
    .trim()
    .min(1, { message: BOX_MESSAGES.chooseReplacement })
    .pipe(itemId),
});
export type SwapBoxItemInput = z.infer<typeof swapBoxItemSchema>;
