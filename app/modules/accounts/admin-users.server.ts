// /admin/users: find people, suspend (ban) and restore them, sign them out everywhere. A ban ends
// every session at once and refuses new ones (the session hook in accounts-auth.server.ts).
import { and, desc, eq, gt, ilike, isNull, or, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { adminUserActionSchema, userSearchSchema } from "./accounts.schema.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";

export async function isBanned(userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.banned, true),
        or(isNull(users.banExpires), gt(users.banExpires, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function searchUsers(query: string | null, limit = 50) {
  const q = userSearchSchema.parse(query ?? "");
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      banned: users.banned,
      banReason: users.banReason,
      createdAt: users.createdAt,
      // Spelled out: inside a subquery Drizzle would leave the columns unqualified.
      sessions: sql<number>`(select count(*)::int from "sessions" s where s."user_id" = "users"."id")`,
    })
    .from(users)
    .where(q ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

const GONE = "That account no longer exists.";

/** The account id and reason as the schema keeps them, or the answer to a form that was wrong. */
function readAction(userId: string, reason: string | null = null) {
  const parsed = adminUserActionSchema.safeParse({ userId, reason: reason ?? undefined });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // An id of the wrong shape names no account: no query is needed to say so.
  return issue?.path[0] === "userId"
    ? failure("not-found", GONE)
    : failure("invalid", issue!.message);
}

/** An admin's action on one account (who acts is logged). */
interface AdminAction {
  actor: { id?: string; email: string };
  userId: string;
}

export async function banUser({
  actor,
  userId,
  reason,
}: AdminAction & { actor: { id: string }; reason: string | null }): Promise<
  Outcome<{ message: string }>
> {
  const input = readAction(userId, reason);
  if ("ok" in input) return input;
  if (actor.id === userId) return failure("forbidden", "You can't suspend your own account.");
  const updated = await db().transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ banned: true, banReason: input.reason, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return rows[0];
  });
  if (!updated) return failure("not-found", GONE);
  log.info({ actor: actor.email, userId }, "account suspended");
  return { ok: true, message: `${updated.email} is suspended and signed out everywhere.` };
}

export async function unbanUser({
  actor,
  userId,
}: AdminAction): Promise<Outcome<{ message: string }>> {
  const input = readAction(userId);
  if ("ok" in input) return input;
  const [updated] = await db()
    .update(users)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!updated) return failure("not-found", GONE);
  log.info({ actor: actor.email, userId }, "account restored");
  return { ok: true, message: `${updated.email} can sign in again.` };
}

export async function signOutUserEverywhere({
  actor,
  userId,
}: AdminAction): Promise<Outcome<{ message: string }>> {
  const input = readAction(userId);
  if ("ok" in input) return input;
  const ended = await db()
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  log.info(
    { actor: actor.email, userId, sessions: ended.length },
    "signed out everywhere by admin",
  );
  return {
    ok: true,
    message: `Signed out of ${ended.length} device${ended.length === 1 ? "" : "s"}.`,
  };
}
