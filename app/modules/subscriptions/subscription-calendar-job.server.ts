// The member side's hourly calendar (issue 21): cancelled subscriptions whose paid period is over
// end (end-subscriptions.server.ts), and pauses whose first box after them is about to be charged
// resume (resume-subscription.server.ts), and a deleted account's kept box, once sent, loses the
// label's name and address (end-account-subscriptions.server.ts). Each change is idempotent by its own key, so a re-run,
// or two workers at once, change nothing twice. Runs at :07, before the renewal looks at the hour.
import { defineCronJob } from "#app/lib/queue.server.ts";
import { forgetSentBoxes } from "./end-account-subscriptions.server.ts";
import { endSubscriptions } from "./end-subscriptions.server.ts";
import { resumeDuePauses } from "./resume-subscription.server.ts";

export const subscriptionCalendarJob = defineCronJob({
  name: "subscriptions.calendar",
  cron: "7 * * * *",
  retryLimit: 2,
  run: async () => {
    await endSubscriptions();
    await resumeDuePauses();
    await forgetSentBoxes();
  },
});
