// Garden reminders by text message (issue 7; SPEC: "guidance by text message"): how often, the
// exact words a member agrees to, and the profile's messages. Shared by the server and the panel.
import { z } from "#app/lib/zod.ts";

export const REMINDER_FREQUENCIES = ["weekly", "monthly"] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

export const STOP_SOURCES = ["sms_stop", "profile", "phone_changed"] as const;
export type StopSource = (typeof STOP_SOURCES)[number];

export const FREQUENCY_DESCRIPTIONS: Record<ReminderFrequency, string> = {
  weekly: "Weekly: Friday evening, about Saturday morning's garden session",
  monthly: "Monthly: on the 1st, with what to sow and the month's jobs",
};

/** The words beside the consent box, stored exactly as shown (Unsolicited Electronic Messages Act). */
export function consentStatement(brandName: string): string {
  return `I agree to receive garden reminder texts from ${brandName} at my verified mobile number, weekly or monthly as chosen above. I can end them at any time by replying STOP or switching them off here.`;
}

export const REMINDER_MESSAGES = {
  on: (frequency: ReminderFrequency) =>
    `Garden reminders are on. We'll text you ${frequency}, starting with a confirmation text now.`,
  changed: (frequency: ReminderFrequency) => `Done: your garden reminders are now ${frequency}.`,
  off: "Garden reminders are off. We won't text you again.",
  alreadyOff: "Garden reminders are already off.",
  needsPhone: "Verify your mobile number above first, then switch reminders on.",
  needsConsent: "Please tick the box to agree to reminder texts.",
  chooseFrequency: "Choose weekly or monthly reminders.",
  tooMany: "You've changed your reminders several times in a short while. Please try again later.",
} as const;

export const smsRemindersSchema = z.object({
  frequency: z.enum(REMINDER_FREQUENCIES, { message: REMINDER_MESSAGES.chooseFrequency }),
  consent: z
    .string()
    .optional()
    .transform((v) => v === "yes"),
});

export type SmsRemindersInput = z.infer<typeof smsRemindersSchema>;

/** What the profile panel shows: loader data, plain values only. */
export interface SmsRemindersView {
  /** The account's verified mobile number, if any. */
  verifiedPhone: string | null;
  /** Formatted for reading, e.g. "+64 21 555 0101". */
  verifiedPhoneDisplay: string | null;
  active: {
    frequency: ReminderFrequency;
    phoneDisplay: string;
    /** ISO time consent was given. */
    since: string;
  } | null;
  /** Why the last reminders ended, when they have. */
  stoppedBy: StopSource | null;
  consentStatement: string;
  brandName: string;
}
