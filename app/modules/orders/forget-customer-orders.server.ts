// A deleted account's orders (ADR 059): tax law needs the records of what was sold, charged and
// refunded (amounts, GST, dates, the provider's reference), not who bought it. In the deletion's
// transaction every order of the account loses its name, e-mail, phone, address and link to the
// account; an order still to be sent (a paid box the member chose to keep) keeps the name and
// address its label needs until it ships, and nothing else.
import { and, eq, inArray, not, or, sql } from "drizzle-orm";
import { orders } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { FORGOTTEN } from "#app/lib/forgotten.ts";

export async function forgetCustomerOrders(
  tx: Database,
  {
    userId,
    email,
    keepForDelivery = [],
  }: { userId: string; email: string; keepForDelivery?: readonly string[] },
): Promise<void> {
  const now = new Date();
  // The account's, and those placed as a guest with its address (the member's order list shows both).
  const mine = or(eq(orders.userId, userId), sql`lower(${orders.email}) = lower(${email})`)!;
  if (keepForDelivery.length > 0)
    await tx
      .update(orders)
      .set({
        email: FORGOTTEN.email,
        phone: null,
        userId: null,
        clientKeyHash: null,
        updatedAt: now,
      })
      .where(and(mine, inArray(orders.id, [...keepForDelivery])));
  await tx
    .update(orders)
    .set({
      name: FORGOTTEN.name,
      email: FORGOTTEN.email,
      phone: null,
      address: FORGOTTEN.address,
      userId: null,
      clientKeyHash: null,
      updatedAt: now,
    })
    .where(
      keepForDelivery.length > 0 ? and(mine, not(inArray(orders.id, [...keepForDelivery]))) : mine,
    );
}
