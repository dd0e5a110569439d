// Refunds that ask first (issue 40, ADR 074), whole or in part (ADR 078). The order page shows a
// confirmation for what the admin chose (the whole order, units of some lines, or an amount typed
// in dollars and cents) naming the exact amount and its GST, the stock that comes back and who is
// e-mailed (`refundPreview`); the confirmation posts that choice, the amount it named, a reason and
// the page's request key, and `refundOrder` refunds in one transaction with the order locked: the
// amount worked out again and checked against the one confirmed and against what is left (the
// orders.refunded check keeps the sum within the total below this code too), one `order_refunds`
// row and one history note keyed by the request key, stock back for refunded lines whose goods
// never left, the provider's refund of that amount and the customer's e-mail queued with it. When
// the refunds reach the total the order becomes refunded (`changeOrderStatus`). The same
// confirmation sent again finds its row and answers as the first did; admins confirming at once
// refund at most what is left (the second waits for the lock and sees the first's refund). A
// subscription box is refunded from its subscription's page, whose refund also returns the part
// the member's credit paid (ADR 059).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  adminNotes,
  orderItems,
  orderRefunds,
  orders,
  products,
  type RefundedLine,
} from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { formatMoney } from "#app/lib/money.ts";
import { zeroRatedAddress } from "#app/modules/payments/gst-report.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { freeText } from "#app/lib/zod.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { isOrderId } from "./order-id.ts";
import { nextStatuses } from "./order-status.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";

export const REFUND_MESSAGES = {
  reason: "Say why the order is refunded (the customer's words will do).",
  amount: "Reload the page: the amount to refund is missing.",
  changed: "The amount to refund is not the amount you confirmed. Check the order again.",
  notRefundable: "This order can't be refunded now.",
  box: "A subscription box is refunded from its subscription's page, which also returns any credit that paid for it.",
  done: "Order refunded.",
  partDone: "Part refund made.",
  notFound: "That order doesn't exist.",
  dollars: "Type the amount to refund in dollars and cents, like 12.50.",
  noLines: "Choose how many of at least one line to refund.",
  tooMany: "That is more of a line than is left to refund.",
  tooMuch: (left: string) => `That is more than is left to refund (${left}).`,
} as const;

/** Dollars and cents as a person types them ("12.50", "$12", "NZ$1,012.05") in cents; null if not. */
export function parseDollars(typed: string): number | null {
  const plain = typed
    .trim()
    .replace(/^(NZ)?\$\s*/i, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

export const REFUND_MODES = ["whole", "lines", "amount"] as const;
export type RefundMode = (typeof REFUND_MODES)[number];

/** What the admin chose to refund: the page's chooser (a GET form) and the confirmation send it. */
export const refundChoiceSchema = z.object({
  mode: z.enum(REFUND_MODES).catch("whole"),
  /** For "amount": what the admin typed. */
  dollars: z.string().max(20).optional().default(""),
  /** For "lines": units per order line id, as typed. */
  lines: z
    .record(
      z.string(),
      z.coerce.number({ message: REFUND_MESSAGES.tooMany }).int(REFUND_MESSAGES.tooMany).min(0),
    )
    .optional()
    .default({}),
});
export type RefundChoice = z.input<typeof refundChoiceSchema>;

export const refundOrderSchema = refundChoiceSchema.extend({
  /** The amount, in cents, the confirmation named. */
  amount: z.coerce
    .number({ message: REFUND_MESSAGES.amount })
    .int({ message: REFUND_MESSAGES.amount })
    .nonnegative({ message: REFUND_MESSAGES.amount }),
  reason: freeText({ max: 500, multiline: true }).refine((v) => v.length >= 2, {
    message: REFUND_MESSAGES.reason,
  }),
  requestKey: z
    .string({ message: "Reload the page and try again." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: "Reload the page and try again." }),
});

/** The choice's fields from a form or a query string: mode, dollars and `qty-<line id>` per line. */
export function refundChoiceFrom(form: URLSearchParams | FormData): RefundChoice {
  const lines: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith("qty-") && typeof value === "string" && value.trim() !== "")
      lines[name.slice(4)] = value.trim();
  return {
    mode: String(form.get("mode") ?? "whole") as RefundMode,
    dollars: String(form.get("dollars") ?? ""),
    lines,
  };
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
/** An order with the GST its earlier refunds gave back. */
type RefundableOrder = OrderRow & { gstBack: number };

/** Why an order can't be refunded here, or null when it can. */
function refusal(order: OrderRow): Outcome | null {
  if (order.kind === "subscription box") return failure("conflict", REFUND_MESSAGES.box);
  if (!nextStatuses(order.status).includes("refunded") || order.refunded >= order.total)
    return failure("conflict", REFUND_MESSAGES.notRefundable);
  return null;
}

/** Whether the goods are still with us, so refunded units go back on the shelf. */
const neverLeft = (order: OrderRow) =>
  (order.status === "paid" || order.status === "packed") && !order.stockReleasedAt;

/** A refund worked out: its amount and GST, the lines it names, the units coming back. */
export interface WorkedRefund {
  amount: number;
  gst: number;
  lines: RefundedLine[];
  stockBack: number;
  /** True when it brings the refunds to the order's total (the order becomes refunded). */
  whole: boolean;
}

/** What a choice refunds on this order as it stands, or why it can't. */
function workOut(
  order: RefundableOrder,
  items: ItemRow[],
  raw: RefundChoice,
): { ok: true; refund: WorkedRefund } | (Outcome & { ok: false }) {
  const choice = refundChoiceSchema.safeParse(raw);
  if (!choice.success)
    return failure("invalid", choice.error.issues[0]?.message ?? REFUND_MESSAGES.noLines);
  const { mode, dollars, lines: wanted } = choice.data;
  const left = order.total - order.refunded;
  let amount: number;
  let lines: RefundedLine[] = [];
  if (mode === "whole") {
    amount = left;
    lines = items
      .filter((i) => i.quantity > i.refundedQuantity)
      .map((i) => ({
        itemId: i.id,
        name: i.name,
        quantity: i.quantity - i.refundedQuantity,
        amount: i.unitPrice * (i.quantity - i.refundedQuantity),
      }));
  } else if (mode === "amount") {
    const cents = parseDollars(dollars);
    if (cents === null) return failure("invalid", REFUND_MESSAGES.dollars);
    amount = cents;
  } else {
    for (const id of Object.keys(wanted))
      if (!items.some((i) => i.id === id)) return failure("invalid", REFUND_MESSAGES.noLines);
    for (const item of items) {
      const quantity = wanted[item.id] ?? 0;
      if (quantity === 0) continue;
      if (quantity > item.quantity - item.refundedQuantity)
        return failure("invalid", REFUND_MESSAGES.tooMany);
      lines.push({
        itemId: item.id,
        name: item.name,
        quantity,
        amount: item.unitPrice * quantity,
      });
    }
    if (lines.length === 0) return failure("invalid", REFUND_MESSAGES.noLines);
    amount = lines.reduce((n, l) => n + l.amount, 0);
  }
  if (amount > left)
    return failure("conflict", REFUND_MESSAGES.tooMuch(formatMoney(left, order.currency)));
  const whole = amount === left;
  // GST is the included part of a GST-inclusive price, none for an export; the refund that makes
  // the order whole gives back the rest of the order's own GST, so the refunds' GST adds up to it.
  const gst = zeroRatedAddress(order.address)
    ? 0
    : whole
      ? Math.max(0, order.gst - order.gstBack)
      : Math.min(gstIncluded(amount), order.gst);
  const stockBack = neverLeft(order)
    ? whole
      ? items.reduce((n, i) => n + i.quantity - i.refundedQuantity, 0)
      : lines.reduce((n, l) => n + l.quantity, 0)
    : 0;
  return { ok: true, refund: { amount, gst, lines, stockBack, whole } };
}

/** The order (locked, in a refund's transaction), its lines and the GST refunded so far. */
async function orderWithItems(
  database: Database,
  orderId: string,
  lock: boolean,
): Promise<{ order: RefundableOrder; items: ItemRow[] } | null> {
  const select = database.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await select.for("update") : await select;
  if (!order) return null;
  const items = await database
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.name, orderItems.id);
  const [back] = await database
    .select({ gst: sql<number>`coalesce(sum(${orderRefunds.gst}), 0)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return { order: { ...order, gstBack: Number(back?.gst ?? 0) }, items };
}

export type RefundPreview =
  | ({
      ok: true;
      currency: string;
      email: string;
      card: boolean;
      mode: RefundMode;
      /** Cents refunded before this one, and the order's total. */
      refunded: number;
      total: number;
      /** The order's lines with what is left of each to refund, for the chooser. */
      items: { id: string; name: string; unitPrice: number; left: number }[];
    } & WorkedRefund)
  | { ok: false; code: string; message: string; mode?: RefundMode };

/** What the confirmation says for a choice: the amount and GST, the lines, the stock, who is told. */
export async function refundPreview(
  orderId: string,
  choice: RefundChoice = { mode: "whole" },
): Promise<RefundPreview> {
  if (!isOrderId(orderId)) return failure("not-found", REFUND_MESSAGES.notFound);
  const found = await orderWithItems(db(), orderId, false);
  if (!found) return failure("not-found", REFUND_MESSAGES.notFound);
  const { order, items } = found;
  const refused = refusal(order);
  if (refused && !refused.ok) return refused;
  const mode = refundChoiceSchema.shape.mode.parse(choice.mode);
  const worked = workOut(order, items, choice);
  if (!worked.ok) return { ...worked, mode };
  return {
    ok: true,
    ...worked.refund,
    mode,
    currency: order.currency,
    email: order.email,
    card: order.paymentProvider === "stripe",
    refunded: order.refunded,
    total: order.total,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      unitPrice: i.unitPrice,
      left: i.quantity - i.refundedQuantity,
    })),
  };
}

/** "2 × Basil seedlings, 1 × Compost". */
export const linesInWords = (lines: RefundedLine[]) =>
  lines.map((l) => `${l.quantity} × ${l.name}`).join(", ");

/** The history note: who (the note's author), how much, what and why. */
function noteBody(order: OrderRow, refund: WorkedRefund, mode: RefundMode, reason: string) {
  const money = (c: number) => formatMoney(c, order.currency);
  const what =
    mode === "whole" && order.refunded === 0
      ? `Refunded ${money(refund.amount)} in full.`
      : mode === "whole"
        ? `Refunded the remaining ${money(refund.amount)} (${money(order.total)} in all).`
        : mode === "lines"
          ? `Refunded ${money(refund.amount)} for ${linesInWords(refund.lines)}.`
          : `Refunded ${money(refund.amount)} of ${money(order.total)}.`;
  return `${what} Reason: ${reason}`;
}

/** Puts refunded units of goods that never left back on the shelf, in product id order. */
async function linesBack(tx: Database, items: ItemRow[], lines: RefundedLine[], now: Date) {
  const byItem = new Map(items.map((i) => [i.id, i]));
  const back = lines
    .map((l) => ({ line: l, item: byItem.get(l.itemId)! }))
    .sort((a, b) => a.item.productId.localeCompare(b.item.productId));
  for (const { line, item } of back)
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}`, updatedAt: now })
      .where(eq(products.id, item.productId));
}

/** Refunds what the admin confirmed: once per request key, never past what was paid. */
export async function refundOrder(
  orderId: string,
  raw: unknown,
  adminEmail: string,
): Promise<Outcome> {
  if (!isOrderId(orderId)) return failure("not-found", REFUND_MESSAGES.notFound);
  const parsed = refundOrderSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? REFUND_MESSAGES.reason, {
      fieldErrors: Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0]), i.message]),
      ),
    });
  const { amount, reason, requestKey, mode } = parsed.data;
  return db().transaction(async (tx) => {
    const found = await orderWithItems(tx, orderId, true);
    if (!found) return failure("not-found", REFUND_MESSAGES.notFound);
    const { order, items } = found;
    // This very confirmation was recorded already (a retry after a lost answer): done.
    const [seen] = await tx
      .select({ amount: orderRefunds.amount })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.requestKey, requestKey), eq(orderRefunds.orderId, order.id)));
    if (seen)
      return {
        ok: true,
        message: seen.amount === order.total ? REFUND_MESSAGES.done : REFUND_MESSAGES.partDone,
      };
    const refused = refusal(order);
    if (refused) return refused;
    const worked = workOut(order, items, parsed.data);
    if (!worked.ok) return worked;
    const refund = worked.refund;
    if (refund.amount !== amount) return failure("conflict", REFUND_MESSAGES.changed);
    const now = new Date();
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        requestKey,
        amount: refund.amount,
        gst: refund.gst,
        lines: refund.lines,
        stockBack: refund.stockBack,
        reason,
        authorEmail: adminEmail,
        createdAt: now,
      })
      .returning({ id: orderRefunds.id });
    // The orders_refunded_within_total check refuses this should anything above have let a sum
    // past the total through.
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${refund.amount}`, updatedAt: now })
      .where(eq(orders.id, order.id));
    for (const line of refund.lines)
      await tx
        .update(orderItems)
        .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
        .where(eq(orderItems.id, line.itemId));
    // Refunded lines whose goods never left go back on the shelf now; when the order becomes
    // refunded, its status change puts back the rest (releaseStockHold skips refunded units).
    if (neverLeft(order)) await linesBack(tx, items, refund.lines, now);
    const refundId = row!.id;
    if (refund.whole) {
      const changed = await changeOrderStatus(order.id, { status: "refunded" }, { tx, refundId });
      if (!changed.ok) return changed;
    } else {
      await enqueue(tx, refundOrderPaymentJob, { orderId: order.id, refundId });
      await enqueue(tx, sendOrderUpdateJob, {
        orderId: order.id,
        status: "part_refunded",
        refundId,
      });
    }
    await tx.insert(adminNotes).values({
      subjectType: "order",
      subjectId: order.id,
      body: noteBody(order, refund, mode, reason),
      authorEmail: adminEmail,
      requestKey,
    });
    return { ok: true, message: refund.whole ? REFUND_MESSAGES.done : REFUND_MESSAGES.partDone };
  });
}
