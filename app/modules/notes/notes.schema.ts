// What an admin's note is and how its form is read: shared by the page and the server.
import { z } from "zod";
import type { NoteSubject } from "#db/schema/index.ts";
import { freeText } from "#app/lib/zod.ts";

export const NOTE_MAX = 2000;

export const NOTE_MESSAGES = {
  empty: "Write the note first.",
  tooLong: `Keep a note to ${NOTE_MAX} characters.`,
  added: "Note added.",
  subject: "Choose what the note is about.",
} as const;

export const addNoteSchema = z.object({
  subjectType: z.enum(["member", "order", "subscription"], { message: NOTE_MESSAGES.subject }),
  subjectId: z
    .string({ message: NOTE_MESSAGES.subject })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: NOTE_MESSAGES.subject }),
  body: freeText({ max: NOTE_MAX, multiline: true, tooLong: NOTE_MESSAGES.tooLong }).refine(
    (v) => v.length > 0,
    { message: NOTE_MESSAGES.empty },
  ),
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: "Reload the page and try again." }),
});

export interface Note {
  id: string;
  subjectType: NoteSubject;
  body: string;
  authorEmail: string;
  createdAt: Date;
}

/** The note form's fields as `addNote` takes them. */
export function noteInput(form: FormData) {
  const [subjectType, subjectId] = String(form.get("subject") ?? "").split(":");
  return { subjectType, subjectId, body: form.get("body"), requestKey: form.get("requestKey") };
}
