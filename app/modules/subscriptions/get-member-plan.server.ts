// Which box a member grows in: the plan of their newest subscription that hasn't ended (issue 23:
// the garden editor starts from it). Null for members without one.
import { and, desc, eq, ne } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { findPlan, type PlanId } from "./plans.ts";

export async function getMemberPlanId(userId: string): Promise<PlanId | null> {
  const [sub] = await db()
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "ended")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return (sub && findPlan(sub.plan)?.id) ?? null;
}
