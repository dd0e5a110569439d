// E-mails the customer when their order ships, is cancelled or refunded: once per order and
// status (key order-status:<orderId>:<status>).
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

const payload = z.object({
  orderId: z.uuid(),
  status: z.enum(["shipped", "cancelled", "refunded"]),
});

function updateEmail(order: OrderWithItems, status: z.infer<typeof payload>["status"]) {
  const s = settings();
  const n = orderNumber(order);
  const total = formatMoney(order.total, order.currency);
  const content = {
    shipped: {
      subject: `Your ${s.brandName} order ${n} is on its way`,
      heading: "Your order is on its way",
      paragraphs: [
        `Good news, ${order.name}: order ${n} has left our packing shed.`,
        `Tracking number: ${order.trackingNumber ?? "(to follow)"}. Most deliveries arrive in one to five working days; rural deliveries can take a day longer.`,
      ],
    },
    cancelled: {
      subject: `Your ${s.brandName} order ${n} has been cancelled`,
      heading: "Your order has been cancelled",
      paragraphs: [
        `Order ${n} has been cancelled. If you paid for it, the ${total} is being refunded to your card and usually shows within five working days.`,
        `If you didn't expect this, reply to this e-mail or call us on ${s.contactPhone}.`,
      ],
    },
    refunded: {
      subject: `Your ${s.brandName} order ${n} has been refunded`,
      heading: "Your refund is on its way",
      paragraphs: [
        `We've refunded ${total} for order ${n}. It usually shows on your card within five working days.`,
      ],
    },
  }[status];
  return {
    to: order.email,
    ...renderEmail({
      ...content,
      preheader: content.heading,
      button: { label: "View your order", url: `${s.siteUrl}/post-checkout?order=${order.id}` },
      reason: `You're getting this because you placed order ${n} at ${s.siteUrl}.`,
    }),
  };
}

export async function sendOrderUpdate(
  p: z.infer<typeof payload>,
): Promise<DeliveryResult | "skipped"> {
  const order = await getOrder(p.orderId);
  if (!order) return "skipped";
  return deliverEmailOnce({
    key: `order-status:${order.id}:${p.status}`,
    template: `order-${p.status}`,
    to: order.email,
    resourceType: "order",
    resourceId: order.id,
    message: () => updateEmail(order, p.status),
  });
}

export const sendOrderUpdateJob = defineSendJob("orders.send-update", payload, sendOrderUpdate);
