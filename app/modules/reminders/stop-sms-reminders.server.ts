// Ending text reminders, at once and for good (Unsolicited Electronic Messages Act): from the
// profile's switch, a STOP reply, or the verified number changing. Stopping is a single update of
// the still-running rows, so doing it again changes nothing; every send re-reads the row first.
import { and, eq, isNull, ne } from "drizzle-orm";
import { smsReminders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import type { StopSource } from "./reminders.schema.ts";

const running = isNull(smsReminders.stoppedAt);

function stopped(source: StopSource, now: Date) {
  return { stoppedAt: now, stopSource: source, updatedAt: now };
}

/** The member's own switch. Returns whether reminders were running. */
export async function stopSmsRemindersForUser(
  userId: string,
  source: StopSource,
  now = new Date(),
): Promise<boolean> {
  const rows = await db()
    .update(smsReminders)
    .set(stopped(source, now))
    .where(and(eq(smsReminders.userId, userId), running))
    .returning({ userId: smsReminders.userId });
  return rows.length > 0;
}

/** A STOP reply: every running reminder to that number ends. Returns how many did. */
export async function stopSmsRemindersForNumber(phone: string, now = new Date()): Promise<number> {
  const rows = await db()
    .update(smsReminders)
    .set(stopped("sms_stop", now))
    .where(and(eq(smsReminders.phone, phone), running))
    .returning({ userId: smsReminders.userId });
  return rows.length;
}

/**
 * The account's verified number changed (or went): reminders to the old number end, since consent
 * was given for that number. Pass null when the account has no verified number any more.
 */
export async function stopSmsRemindersAfterPhoneChange(
  userId: string,
  newPhone: string | null,
  now = new Date(),
): Promise<void> {
  await db()
    .update(smsReminders)
    .set(stopped("phone_changed", now))
    .where(
      and(
        eq(smsReminders.userId, userId),
        running,
        ...(newPhone ? [ne(smsReminders.phone, newPhone)] : []),
      ),
    );
}
