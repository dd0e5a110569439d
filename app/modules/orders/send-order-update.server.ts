// E-mails the customer when their order ships, is cancelled or refunded: once per order and
// status (key order-status:<orderId>:<status>).
import { z } from "zod";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isForgottenEmail } from "#app/lib/forgotten.ts";
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
  /** Cents of a refund that went back as credit (a subscription box credit paid), not to the card. */
  credit: z.number().int().positive().optional(),
});

/** What a refund returned: to the card, as credit, or both (ADR 059). */
function refundWords(order: OrderWithItems, n: string, credit: number): string[] {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const card = order.total - Math.min(credit, order.total);
  const toCard = "It usually shows on your card within five working days.";
  if (credit <= 0) return [`We've refunded ${money(order.total)} for order ${n}. ${toCard}`];
  const parts = [
    `We've refunded ${money(order.total)} for order ${n}: ${money(order.total - card)} is back as credit on your account, for your next box.`,
  ];
  if (card > 0) parts.push(`The other ${money(card)} goes back to your card. ${toCard}`);
  return parts;
}

function updateEmail(order: OrderWithItems, p: z.infer<typeof payload>) {
  const { status } = p;
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
      paragraphs: refundWords(order, n, p.credit ?? 0),
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
  // A deleted account's orders keep a reserved `.invalid` address (ADR 059): no one to tell.
  if (!order || isForgottenEmail(order.email)) return "skipped";
  return deliverEmailOnce({
    key: `order-status:${order.id}:${p.status}`,
    template: `order-${p.status}`,
    to: order.email,
    resourceType: "order",
    resourceId: order.id,
    message: () => updateEmail(order, p),
  });
}

export const sendOrderUpdateJob = defineSendJob("orders.send-update", payload, sendOrderUpdate);
