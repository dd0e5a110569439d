// Every job the worker handles, gathered from the areas that define them.
import { z } from "zod";
import { pruneRateLimits } from "#app/lib/rate-limit.server.ts";
import { defineJob, type JobDefinition } from "#app/lib/queue.server.ts";
import {
  growingTipsFanOutJob,
  monthlyTipsScheduleJob,
  sendGrowingTipsJob,
} from "#app/modules/growing-tips/send-growing-tips.server.ts";
import {
  gardenMonthScheduleJob,
  sendGardenMonthEmailJob,
} from "#app/modules/garden/send-garden-month-emails.server.ts";
import { orderJobs } from "#app/modules/orders/order-jobs.server.ts";
import {
  dispatchMonthlySmsRemindersJob,
  dispatchWeeklySmsRemindersJob,
  sendSmsReminderJob,
} from "#app/modules/reminders/dispatch-sms-reminders.server.ts";
import { sendReminderConfirmationJob } from "#app/modules/reminders/manage-sms-reminders.server.ts";
import {
  launchFanOutJob,
  sendLaunchEmailJob,
} from "#app/modules/waitlist/notify-region-launch.server.ts";
import { rollOverWavesJob } from "#app/modules/waitlist/roll-over-waves.server.ts";
import { sendWaveInvitationJob } from "#app/modules/waitlist/wave-invitations.server.ts";
import { sendWaitlistConfirmationJob } from "#app/modules/waitlist/send-waitlist-confirmation.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { subscriptionCalendarJob } from "#app/modules/subscriptions/subscription-calendar-job.server.ts";
import { renewSubscriptionsJob } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { syncContactToCrmJob } from "#app/modules/waitlist/sync-contact-to-crm.server.ts";
import { sendGiftEmailJob } from "#app/modules/gifts/send-gift-email.server.ts";
import { sendCoachAnswerJob } from "#app/modules/coaching/answer-email.server.ts";
import { refundGiftPaymentJob } from "#app/modules/gifts/refund-gift.server.ts";
import { forgetSavedCardJob } from "#app/modules/payments/forget-saved-card.server.ts";
import { reconcilePaymentsJob } from "#app/modules/payments/reconcile-payments.server.ts";
import { sendRegionMoveJob } from "#app/modules/waitlist/move-region.server.ts";
import { sendCreditGrantedJob } from "#app/flows/tell-credit-granted.server.ts";

const pruneRateLimitsJob = defineJob({
  name: "platform.prune-rate-limits",
  payload: z.object({}).passthrough(),
  cron: "17 * * * *",
  retryLimit: 2,
  handle: async () => {
    await pruneRateLimits();
  },
});

export const jobs = [
  pruneRateLimitsJob,
  sendWaitlistConfirmationJob,
  syncContactToCrmJob,
  launchFanOutJob,
  sendLaunchEmailJob,
  sendWaveInvitationJob,
  rollOverWavesJob,
  monthlyTipsScheduleJob,
  growingTipsFanOutJob,
  sendGrowingTipsJob,
  gardenMonthScheduleJob,
  sendGardenMonthEmailJob,
  ...orderJobs,
  sendReminderConfirmationJob,
  dispatchWeeklySmsRemindersJob,
  dispatchMonthlySmsRemindersJob,
  sendSmsReminderJob,
  sendSubscriptionConfirmationJob,
  sendSubscriptionChangeJob,
  subscriptionCalendarJob,
  renewSubscriptionsJob,
  sendBoxEmailJob,
  sendGiftEmailJob,
  refundGiftPaymentJob,
  forgetSavedCardJob,
  reconcilePaymentsJob,
  sendRegionMoveJob,
  sendCoachAnswerJob,
  sendCreditGrantedJob,
] as unknown as JobDefinition[];
