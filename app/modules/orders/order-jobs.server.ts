// The order area's queued jobs, in one list for the worker (server/jobs.ts) and the tests that
// place, expire, refund and update orders.
import type { JobDefinition } from "#app/lib/queue.server.ts";
import { expireOrderJob } from "./expire-order.server.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { sendOrderConfirmationJob } from "./send-order-confirmation.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";

export const orderJobs = [
  expireOrderJob,
  sendOrderConfirmationJob,
  sendOrderUpdateJob,
  refundOrderPaymentJob,
] as unknown as JobDefinition[];
