// What an admin may do to an order next, and the words for each status. Shared by the admin pages
// and the use-case that changes status.
import type { OrderKind, OrderStatus } from "#db/schema/shop.ts";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  payment_failed: "Payment failed",
  expired: "Expired (unpaid)",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** Every status an order can have, in the order the admin pages list them. */
export const ORDER_STATUSES = Object.keys(STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];

/**
 * The statuses an admin may move an order to from `status`. Worked out when asked rather than read
 * from a table made at load, so each rule is code a mutation test can change and see caught.
 */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  switch (status) {
    case "pending_payment":
    case "payment_failed":
      return ["cancelled"];
    case "paid":
      return ["packed", "shipped", "cancelled", "refunded"];
    case "packed":
      return ["shipped", "cancelled", "refunded"];
    case "shipped":
      return ["delivered", "refunded"];
    case "delivered":
      return ["refunded"];
    case "expired":
    case "cancelled":
    case "refunded":
      return [];
  }
}

/** The kinds of order, as the admin's list names them. */
export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  shop: "Shop order",
  "subscription box": "Subscription box",
};
