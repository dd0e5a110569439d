// The member's coaching forms (issue 41, ADR 070): asking a coach, replying, closing a question and
// the one-time sharing consent. Shared by the pages (field limits, words) and the server (parsing).
// Photos are checked twice: here by what the browser declares, in photos.server.ts by the bytes.
import { z } from "zod";
import type { CoachThreadState, CoachTopic } from "#db/schema/coaching.ts";
import { freeText } from "#app/lib/zod.ts";

export const COACH_TOPICS = ["pests", "watering", "sowing", "harvest", "other"] as const;
export const COACH_TOPIC_LABELS: Record<CoachTopic, string> = {
  pests: "Pests and diseases",
  watering: "Watering",
  sowing: "Sowing and planting",
  harvest: "Harvest",
  other: "Something else",
};

/** Where a question can be asked from on the web (a text reply is "text"). */
export const ASK_SOURCES = ["garden", "box", "education"] as const;
export type AskSource = (typeof ASK_SOURCES)[number];

export const QUESTION_MAX = 4000;
export const PHOTO_MAX_COUNT = 3;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The longest side a stored photo keeps: enough to see an aphid on a leaf, small to keep. */
export const PHOTO_LONG_SIDE = 1600;
/** Questions a member can ask a day (replies in a thread are not counted). */
export const QUESTIONS_A_DAY = 5;

export const COACH_STATE_WORDS: Record<CoachThreadState, string> = {
  waiting: "Waiting for a coach",
  answered: "Answered",
  closed: "Closed",
};

export const COACH_MESSAGES = {
  topic: "Choose what your question is about.",
  empty: "Write your question first.",
  tooLong: `Keep your question to ${QUESTION_MAX} characters.`,
  replyEmpty: "Write your reply first.",
  requestKey: "Reload the page and try again.",
  tooManyPhotos: `Add at most ${PHOTO_MAX_COUNT} photos.`,
  photoTooLarge: (name: string) =>
    `${name} is larger than ${PHOTO_MAX_BYTES / 1048576} MB. Choose a smaller photo.`,
  photoEmpty: (name: string) => `${name} is empty. Choose the photo again.`,
  notAPhoto: (name: string) =>
    `${name} isn't a photo we can read. Choose a JPEG, PNG or WebP photo.`,
  photoDamaged: (name: string) => `${name} couldn't be read to the end. Is it damaged?`,
  photoTooManyPixels: (name: string) => `${name} has too many pixels. Make it smaller first.`,
  rateLimited: `You have asked ${QUESTIONS_A_DAY} questions today, the most we take in a day. Add to one of your questions below, or ask again tomorrow.`,
  asked: "Thanks, your question is with our coaches.",
  replied: "Thanks, your reply is with our coaches.",
  closed: "Question closed. Ask again any time.",
  alreadyClosed: "This question is closed. Ask a new one instead.",
  consentQuestion: "May we share this answer, without your name or photos, to help other growers?",
  consentSaved: "Thanks, we've noted your answer.",
  notFound: "We couldn't find that question.",
  gardenSquare: "Choose a square of your garden.",
  plant: "Choose a plant from the list.",
  educationPath: "That page isn't one of our growing guides.",
} as const;

const requestKey = z
  .string({ message: COACH_MESSAGES.requestKey })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: COACH_MESSAGES.requestKey });

const body = (empty: string) =>
  freeText({
    max: QUESTION_MAX,
    multiline: true,
    tooLong: COACH_MESSAGES.tooLong,
    notText: empty,
  }).min(1, { message: empty });

/** A form field left empty is no value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const askCoachSchema = z.object({
  requestKey,
  topic: z.enum(COACH_TOPICS, { message: COACH_MESSAGES.topic }),
  body: body(COACH_MESSAGES.empty),
  source: z.enum(ASK_SOURCES).catch("garden"),
  gardenSquare: optional(
    z.coerce
      .number({ message: COACH_MESSAGES.gardenSquare })
      .int({ message: COACH_MESSAGES.gardenSquare })
      .min(0, { message: COACH_MESSAGES.gardenSquare })
      .max(399, { message: COACH_MESSAGES.gardenSquare }),
  ),
  plantId: optional(z.string().regex(/^[a-z0-9-]{1,64}$/, { message: COACH_MESSAGES.plant })),
  educationPath: optional(
    z
      .string()
      .regex(/^\/education\/[a-z0-9-]+(\/[a-z0-9-]+)?$/, { message: COACH_MESSAGES.educationPath }),
  ),
});
export type AskCoachInput = z.output<typeof askCoachSchema>;

export const replySchema = z.object({
  requestKey,
  body: body(COACH_MESSAGES.replyEmpty),
});

export const consentSchema = z.object({
  consent: z.enum(["yes", "no"], { message: "Choose yes or no." }),
});

/** The files a form's file input sent: an input left empty still sends a part with no bytes. */
export function chosenPhotos(values: FormDataEntryValue[]): File[] {
  return values.filter((f): f is File => typeof f !== "string" && !(f.name === "" && f.size === 0));
}

/** The ask form's fields as askCoachSchema reads them. */
export function askInput(form: FormData) {
  const field = (name: string) => form.get(name) ?? undefined;
  return {
    requestKey: field("requestKey"),
    topic: field("topic"),
    body: field("body"),
    source: field("source"),
    gardenSquare: field("gardenSquare"),
    plantId: field("plantId"),
    educationPath: field("educationPath"),
  };
}
