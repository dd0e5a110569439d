// Whom an admin's change to a subscription is for (/admin/subscriptions/{id}): its member and this
// subscription, with the admin named as the actor, so the member's own use-cases (skip, pause,
// cancel) make the change through change-subscription.server.ts and its history says who did it.
import { eq } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { subscriptionIdSchema } from "./admin-subscriptions.schema.ts";
import type { ChangeRequest } from "./change-subscription.server.ts";

export async function adminChangeRequest({
  subscriptionId,
  adminEmail,
}: {
  subscriptionId: string;
  adminEmail: string;
}): Promise<Omit<ChangeRequest, "requestKey"> | null> {
  if (!subscriptionIdSchema.safeParse(subscriptionId).success) return null;
  const [sub] = await db()
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!sub) return null;
  return { userId: sub.userId, subscriptionId, actor: `admin:${adminEmail}` };
}
