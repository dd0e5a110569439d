// What a coach posts on a thread (issue 41): an answer the member sees, or an internal note only
// coaches see; each with the page's request key so a retried post adds one message.
import { freeText, z } from "#app/lib/zod.ts";

export const ANSWER_MESSAGES = {
  empty: "Write the answer before sending it.",
  emptyNote: "Write the note before saving it.",
  tooLong: "Keep it under 4,000 characters.",
  closed: "This question is closed: it can't be answered any more.",
  notFound: "That question isn't in the inbox.",
  requestKey: "The page is out of date: please reload it and try again.",
} as const;

const requestKey = z
  .string({ message: ANSWER_MESSAGES.requestKey })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { message: ANSWER_MESSAGES.requestKey });

export const answerSchema = z.object({
  body: freeText({ max: 4000, multiline: true, tooLong: ANSWER_MESSAGES.tooLong }).pipe(
    z.string().min(1, { message: ANSWER_MESSAGES.empty }),
  ),
  requestKey,
});

export const noteSchema = z.object({
  body: freeText({ max: 4000, multiline: true, tooLong: ANSWER_MESSAGES.tooLong }).pipe(
    z.string().min(1, { message: ANSWER_MESSAGES.emptyNote }),
  ),
  requestKey,
});

export const threadIdSchema = z.uuid();
