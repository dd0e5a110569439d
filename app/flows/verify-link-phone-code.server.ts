// Proving a new phone number from the profile, which spans two areas: accounts makes it the
// person's number, and text reminders agreed to for the old number end (issue 7). Here, above
// both, so accounts never imports reminders.
import { verifyLinkPhoneCode as linkPhoneNumber } from "#app/modules/accounts/phone-sign-in.server.ts";
import { stopSmsRemindersAfterPhoneChange } from "#app/modules/reminders/stop-sms-reminders.server.ts";
import type { FormCall } from "#app/lib/request-meta.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";

export function verifyLinkPhoneCode({ input, meta }: FormCall): Promise<AccountsOutcome> {
  return linkPhoneNumber({
    input,
    meta,
    afterPhoneChange: (userId, phone) => stopSmsRemindersAfterPhoneChange(userId, phone),
  });
}
