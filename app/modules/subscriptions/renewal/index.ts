// The renewal's public surface (ADRs 032 and 064): the run and its job, the member's "retry now",
// and the rules other parts of subscriptions share (the charge keys, the credit reference).
export { retryNow, type RetryNowOutcome } from "./retry-now.ts";
export {
  chargeKey,
  creditReference,
  hasCard,
  PREPAID_OVER,
  REFUNDED_IN_FLIGHT,
  REMINDER_DAYS,
  RENEWAL_MESSAGES,
  RETRY_DAYS,
  type RenewalOptions,
  type RenewalTally,
} from "./rules.ts";
export { renewSubscriptionsJob, runRenewals } from "./run.ts";
