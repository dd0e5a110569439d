// What the confirmation link (/post-checkout?order={id}, also in the order's e-mails) shows: the
// order, for whoever holds the link, and nothing that acts on it. The checkout attempt's key is
// never sent (ADR 021): only its digest, for the buyer's own browser to recognise its order.
import type { ShippingMethod } from "#app/modules/checkout/pricing.ts";
import { attemptDigest } from "#app/modules/checkout/attempt-digest.ts";
import { getOrder, orderNumber } from "./get-order.server.ts";

export async function getOrderConfirmation(orderId: string) {
  const order = await getOrder(orderId);
  if (!order) return null;
  return {
    id: order.id,
    number: orderNumber(order),
    attemptDigest: await attemptDigest(order.idempotencyKey),
    status: order.status,
    paymentError: order.paymentError,
    name: order.name,
    email: order.email,
    address: order.address,
    shippingMethod: order.shippingMethod as ShippingMethod,
    currency: order.currency,
    subtotal: order.subtotal,
    shipping: order.shipping,
    gst: order.gst,
    total: order.total,
    items: order.items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      lineTotal: i.lineTotal,
    })),
  };
}

export type OrderConfirmation = NonNullable<Awaited<ReturnType<typeof getOrderConfirmation>>>;
