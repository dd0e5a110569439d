// Text reminders as the tests need them, without the profile form: weekly to `phone`, with a
// consent on record, or stopped (from the profile) when a `stoppedAt` is given.
import { smsReminders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

type NewSmsReminders = typeof smsReminders.$inferInsert;

export async function insertSmsReminders(
  userId: string,
  phone: string,
  fields: Omit<Partial<NewSmsReminders>, "userId" | "phone"> = {},
): Promise<void> {
  await db()
    .insert(smsReminders)
    .values({
      userId,
      phone,
      frequency: "weekly",
      consentStatement: "Text me garden reminders.",
      consentSource: "/profile",
      stopSource: fields.stoppedAt ? "profile" : null,
      ...fields,
    });
}
