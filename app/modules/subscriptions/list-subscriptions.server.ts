// /admin/subscriptions' list: subscriptions newest first, found by the member's name or e-mail and
// filtered by status, plan and region, a page of SUBSCRIPTIONS_PAGE_SIZE at a time with the total.
import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { subscriptions, subscriptionSummaryColumns } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { listPage } from "#app/lib/list-page.server.ts";
import { containing } from "#app/lib/list-query.ts";
import {
  SUBSCRIPTIONS_PAGE_SIZE,
  type SubscriptionListQuery,
} from "./admin-subscriptions.schema.ts";

export async function listSubscriptions({ query }: { query: SubscriptionListQuery }) {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    where.push(or(ilike(subscriptions.name, pattern), ilike(subscriptions.email, pattern))!);
  }
  if (query.status) where.push(eq(subscriptions.status, query.status));
  if (query.plan) where.push(eq(subscriptions.plan, query.plan));
  if (query.region) where.push(eq(subscriptions.region, query.region));
  const filter = where.length ? and(...where) : undefined;
  return listPage(
    db()
      .select({
        ...subscriptionSummaryColumns,
        status: subscriptions.status,
        nextBoxOn: subscriptions.nextBoxOn,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(filter)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
    { from: subscriptions, where: filter, page: query.page, size: SUBSCRIPTIONS_PAGE_SIZE },
  );
}

export type SubscriptionList = Awaited<ReturnType<typeof listSubscriptions>>;
