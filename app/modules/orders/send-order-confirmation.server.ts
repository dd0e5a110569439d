// The order confirmation e-mail, queued in the transaction that marks the order paid and sent at
// most once per order (key order-confirmation:<orderId>).
import { z } from "zod";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import {
  deliverEmailOnce,
  type DeliveryResult,
  defineSendJob,
} from "#app/modules/notifications/deliver-once.server.ts";
import { getOrder, orderNumber, type OrderWithItems } from "./get-order.server.ts";

export function confirmationEmail(order: OrderWithItems) {
  const s = settings();
  const money = (cents: number) => formatMoney(cents, order.currency);
  const a = order.address;
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your ${s.brandName} order ${orderNumber(order)} is confirmed`,
      preheader: `Thanks, ${order.name}. We're packing your order now.`,
      heading: `Thanks for your order, ${order.name}!`,
      paragraphs: [
        `Order ${orderNumber(order)} is paid and we're getting it ready. We'll e-mail you the tracking number when it leaves our Waikato packing shed, usually within two working days.`,
        ...order.items.map((i) => `${i.quantity} × ${i.name}: ${money(i.lineTotal)}`),
        `Subtotal ${money(order.subtotal)} · Shipping ${money(order.shipping)} · Total ${money(order.total)}`,
        // Prices include GST (ADR 028): the order's gst is the part of the total that is GST.
        `Includes GST of ${money(order.gst)}.`,
        `Delivering to: ${[a.street, a.suburb, a.city, `${a.state} ${a.zip}`, a.country].filter(Boolean).join(", ")}${a.rural ? " (rural delivery)" : ""}.`,
        `Questions? Reply to this e-mail or call us on ${s.contactPhone}.`,
      ],
      button: { label: "View your order", url: `${s.siteUrl}/post-checkout?order=${order.id}` },
      reason: `You're getting this because you placed order ${orderNumber(order)} at ${s.siteUrl}.`,
    }),
  };
}

export const orderConfirmationPayload = z.object({ orderId: z.uuid() });

export async function sendOrderConfirmation(
  payload: z.infer<typeof orderConfirmationPayload>,
): Promise<DeliveryResult | "skipped"> {
  const order = await getOrder(payload.orderId);
  if (!order || order.paidAt === null) return "skipped";
  return deliverEmailOnce({
    key: `order-confirmation:${order.id}`,
    template: "order-confirmation",
    to: order.email,
    resourceType: "order",
    resourceId: order.id,
    message: () => confirmationEmail(order),
  });
}

export const sendOrderConfirmationJob = defineSendJob(
  "orders.send-confirmation",
  orderConfirmationPayload,
  sendOrderConfirmation,
);
