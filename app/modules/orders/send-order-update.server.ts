// E-mails the customer when their order ships, is cancelled or refunded: once per order and
// status (key order-status:<orderId>:<status>), and for each part refund once per refund (key
// order-refund:<orderId>:<refundId>), naming the amount and the lines (ADR 078).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { orderRefunds } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isForgottenEmail } from "#app/lib/forgotten.ts";
import { formatMoney } from "#app/lib/money.ts";
import {
  deliverEmailOnce,
  type DeliveryResult,
  defineSendJob,
} from "#app/modules/notifications/deliver-once.server.ts";
import { courierTracking, trackingLink } from "./couriers.ts";
import { getOrder, orderNumber, type OrderWithItems } from "./get-order.server.ts";

const payload = z.object({
  orderId: z.uuid(),
  status: z.enum(["shipped", "cancelled", "refunded", "part_refunded"]),
  /** Cents of a refund that went back as credit (a subscription box credit paid), not to the card. */
  credit: z.number().int().positive().optional(),
  /** The admin's refund (order_refunds) this e-mail is about: its amount and lines are named. */
  refundId: z.uuid().optional(),
});

type Refund = typeof orderRefunds.$inferSelect;

/** A refund of part of the order, or the one that finished refunding it: its amount and lines. */
function partWords(order: OrderWithItems, n: string, refund: Refund, last: boolean): string[] {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const what = refund.lines.length
    ? ` for ${refund.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ")}`
    : "";
  const parts = [
    `We've refunded ${money(refund.amount)}${what} from order ${n}. It usually shows on your card within five working days.`,
  ];
  parts.push(
    last
      ? `That brings the refunds on order ${n} to ${money(order.total)}, the whole order.`
      : `In all ${money(order.refunded)} of the ${money(order.total)} you paid has been refunded; the rest of the order stands.`,
  );
  return parts;
}

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

function updateEmail(order: OrderWithItems, p: z.infer<typeof payload>, refund: Refund | null) {
  const { status } = p;
  const s = settings();
  const n = orderNumber(order);
  const total = formatMoney(order.total, order.currency);
  // The courier's tracking page for the number (ADR 077 addendum), when the courier is known.
  const courier = courierTracking(order.courier);
  const tracking = trackingLink(order);
  const content = {
    shipped: {
      subject: `Your ${s.brandName} order ${n} is on its way`,
      heading: "Your order is on its way",
      paragraphs: [
        `Good news, ${order.name}: order ${n} has left our packing shed.`,
        `Tracking number: ${order.trackingNumber ?? "(to follow)"}${courier ? ` (${courier.name})` : ""}. Most deliveries arrive in one to five working days; rural deliveries can take a day longer.`,
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
      paragraphs:
        refund && refund.amount !== order.total
          ? partWords(order, n, refund, true)
          : refundWords(order, n, p.credit ?? 0),
    },
    part_refunded: {
      subject: `Part of your ${s.brandName} order ${n} has been refunded`,
      heading: "Your part refund is on its way",
      paragraphs: refund ? partWords(order, n, refund, false) : [],
    },
  }[status];
  const view = { label: "View your order", url: `${s.siteUrl}/post-checkout?order=${order.id}` };
  // Shipped with a known courier: the tracking page is the button, the order beside it.
  const links =
    status === "shipped" && tracking
      ? { button: { label: `Track it with ${courier!.name}`, url: tracking }, secondary: [view] }
      : { button: view };
  return {
    to: order.email,
    ...renderEmail({
      ...content,
      preheader: content.heading,
      ...links,
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
  const [refund] = p.refundId
    ? await db().select().from(orderRefunds).where(eq(orderRefunds.id, p.refundId))
    : [];
  const ours = refund?.orderId === order.id ? refund : null;
  // A part refund's e-mail says what that refund was: without its row there is nothing to say.
  if (p.status === "part_refunded" && !ours) return "skipped";
  return deliverEmailOnce({
    key:
      p.status === "part_refunded"
        ? `order-refund:${order.id}:${ours!.id}`
        : `order-status:${order.id}:${p.status}`,
    template: p.status === "part_refunded" ? "order-part-refund" : `order-${p.status}`,
    to: order.email,
    resourceType: "order",
    resourceId: order.id,
    message: () => updateEmail(order, p, ours),
  });
}

export const sendOrderUpdateJob = defineSendJob("orders.send-update", payload, sendOrderUpdate);
