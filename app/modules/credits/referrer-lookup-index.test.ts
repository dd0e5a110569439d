// The referrer's account is found by lower(users.email) (settle-referral-credit.server.ts, and a
// member's balance by e-mail): an expression index makes that a look-up, not a scan of every
// account (ADR 049, migration 0022). Checked on the query plan with scans made expensive, so the
// plan uses the index exactly when there is one to use: all in one transaction, rolled back.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { users } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { testServices } from "#tests/setup/test-services.ts";

testServices();

async function plan(tx: Database): Promise<string> {
  const result = (await tx.execute(sql`
    explain select ${users.id} from ${users}
    where lower(${users.email}) = lower(${"Kea@Example.NZ"}) and ${users.emailVerified}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r).join(" ")).join("\n");
}

class RolledBack extends Error {}

test("finding an account by lower(email) uses its own index", async () => {
  const plans: string[] = [];
  await expect(
    db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      plans.push(await plan(tx));
      await tx.execute(sql`drop index users_email_lower_idx`);
      plans.push(await plan(tx));
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  expect(plans[0]).toContain("users_email_lower_idx");
  expect(plans[1]).not.toContain("users_email_lower_idx");
});
