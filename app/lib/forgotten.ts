// What a deleted person's name, e-mail and address become on the records kept after their account
// is deleted (gifts, orders, subscriptions: ADRs 049 and 059). The e-mail is at the reserved
// `.invalid` domain, so nothing is ever sent to it.
export const FORGOTTEN = {
  name: "Deleted account",
  email: "deleted@deleted.invalid",
  address: { street: "", city: "", state: "", zip: "", country: "", rural: false },
} as const;

/** Whether an address is a forgotten one (no one to send to). */
export const isForgottenEmail = (email: string) => email.endsWith(".invalid");
