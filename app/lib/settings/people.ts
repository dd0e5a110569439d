// Settings: who runs the shop (the three admins) and the gardening coaches.
import { emailList, optionalEmailList } from "./fields.ts";

/** The admins when ADMIN_EMAILS is unset (development and tests only). */
export const EXAMPLE_ADMIN_EMAILS = [
  "admin@example.com",
  "ops@example.com",
  "grow@example.com",
] as const;

export const peopleShape = {
  // The example admins sit on a domain nobody receives mail at (RFC 2606): refused whenever real
  // mail goes out, since whoever read mail at them would become an admin.
  ADMIN_EMAILS: emailList.default([...EXAMPLE_ADMIN_EMAILS]),
  // Gardening coaches besides the three admins (issue 41, ADR 071): they see the coach inbox and
  // nothing else of the admin, once their address is confirmed.
  COACH_EMAILS: optionalEmailList,
};
