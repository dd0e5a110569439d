// The shop: the catalogue, orders and their lines, and the payment provider's events.
// Stock is reserved by decrementing products.stock_quantity when an order is placed; an order's
// stock_released_at records that an expired or failed order has given its units back, so a
// release runs at most once however often its job does.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const products = pgTable(
  "products",
  {
    /** Slug-like and stable: the cart keeps it in the browser and /product/{id} links to it. */
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** One line for cards and the cart. */
    summary: text("summary").notNull().default(""),
    /** Paragraphs separated by blank lines. */
    description: text("description").notNull(),
    /** What is in the box (kits), or the key facts (everything else). */
    contents: jsonb("contents").$type<string[]>().notNull().default([]),
    /** Unit price in integer cents. */
    price: integer("price").notNull(),
    category: text("category").notNull(),
    /** Image base paths without width and extension, e.g. /images/products/starter-kit */
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Order within its category on the listing pages. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_stock_quantity_non_negative", sql`${t.stockQuantity} >= 0`),
    check("products_price_non_negative", sql`${t.price} >= 0`),
    index("products_category_idx").on(t.category),
  ],
);

/** Raw bytes (PostgreSQL bytea): node-postgres gives a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Pictures an admin uploaded for a product, each size and format one row, served at
 * /uploads/products/{file} (the drawn ones are files under /images/products). Kept in the
 * database so every server process, and a new deploy, has them without a shared disk.
 */
export const productPictures = pgTable(
  "product_pictures",
  {
    /** e.g. kawakawa-balm-3f9a1c-800.webp: the image base's last part, its width and format. */
    file: text("file").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_pictures_product_idx").on(t.productId)],
);

export interface OrderAddress {
  street: string;
  suburb?: string;
  city: string;
  /** The region (SPEC §3 checkout info keeps it in `state`). */
  state: string;
  zip: string;
  country: string;
  rural: boolean;
}

export type OrderKind = "shop" | "subscription box";

export type OrderStatus =
  | "pending_payment"
  | "paid"
  | "payment_failed"
  | "expired"
  | "packed"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded";

export const orders = pgTable(
  "orders",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The number people quote to us: short and sequential. */
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    /** Made in the browser per checkout attempt: a retried submit finds the same order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status").$type<OrderStatus>().notNull().default("pending_payment"),
    /** "shop" for a checkout's order, "subscription box" for a box the renewal paid for. */
    kind: text("kind").$type<OrderKind>().notNull().default("shop"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** For the courier, in +E.164 form; null when none was given (and on older orders). */
    phone: text("phone"),
    userId: text("user_id"),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    shippingMethod: text("shipping_method").notNull(),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    shipping: integer("shipping").notNull(),
    gst: integer("gst").notNull(),
    total: integer("total").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    /** Stripe's PaymentIntent id, or the demo provider's reference. */
    paymentReference: text("payment_reference"),
    /** Why the last payment attempt failed, in words the customer can act on. */
    paymentError: text("payment_error"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
    /** The courier's tracking number, set when the order ships. */
    trackingNumber: text("tracking_number"),
    /** Which courier carries it (a courier adapter's id, e.g. "nz-post"): its tracking link. */
    courier: text("courier"),
    /**
     * Cents refunded so far by the admin's refunds (`order_refunds`, ADR 078): whole or in part.
     * Never more than the total (a check), raised only under the order's row lock.
     */
    refunded: integer("refunded").notNull().default(0),
    /**
     * Where the order was placed from, as a keyed hash of the client's address (IPv6 by /64), so
     * unpaid orders holding stock can be counted per connection (ADR 021) without keeping the
     * address itself. Null for orders placed before it was kept.
     */
    clientKeyHash: text("client_key_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_refunded_within_total", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`),
    index("orders_email_idx").on(t.email),
    index("orders_status_idx").on(t.status),
    index("orders_payment_reference_idx").on(t.paymentReference),
    // The open holds a checkout counts: unpaid orders whose stock is still off the shelf.
    index("orders_open_holds_by_client_idx")
      .on(t.clientKeyHash)
      .where(
        sql`${t.stockReleasedAt} is null and ${t.status} in ('pending_payment', 'payment_failed')`,
      ),
    index("orders_open_holds_by_email_idx")
      .on(t.email)
      .where(
        sql`${t.stockReleasedAt} is null and ${t.status} in ('pending_payment', 'payment_failed')`,
      ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    /** Name and price as sold: later catalogue edits do not change a placed order. */
    name: text("name").notNull(),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotal: integer("line_total").notNull(),
    /** Units of this line refunded by line (ADR 078): never more than were sold. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_items_refunded_within_quantity",
      sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** One line of a refund: which order line, how many units and what they came to. */
export interface RefundedLine {
  itemId: string;
  name: string;
  quantity: number;
  amount: number;
}

/**
 * Each refund an admin confirmed on a shop order (ADR 078): the whole order, some lines or an
 * amount. Made once per confirmation (its request key) in the transaction that locks the order
 * and raises orders.refunded, whose check keeps the sum within what was paid.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The confirmation page's request key: posted twice, refunded once. */
    requestKey: text("request_key").notNull().unique(),
    /** Cents given back, GST included. */
    amount: integer("amount").notNull(),
    /** The GST part of the amount (0 for an export, zero-rated). */
    gst: integer("gst").notNull(),
    /** The lines refunded by line; empty for an amount (or a whole order's money only). */
    lines: jsonb("lines").$type<RefundedLine[]>().notNull().default([]),
    /** Units put back on the shelf (the goods had not left). */
    stockBack: integer("stock_back").notNull().default(0),
    reason: text("reason").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    check("order_refunds_amount_positive", sql`${t.amount} > 0`),
    check("order_refunds_gst_within_amount", sql`${t.gst} >= 0 and ${t.gst} <= ${t.amount}`),
  ],
);

/** Every payment-provider event handled, by its id: a replayed event is recognised and skipped. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  orderId: uuid("order_id"),
  /** The provider's own creation time, to ignore events older than what we already know. */
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
