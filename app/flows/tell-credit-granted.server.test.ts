// /admin/credits' grant tells the member (issue 40): one goodwill row and one e-mail naming the
// amount and the reason, read from the in-process SMTP server; a retried submit (the same request
// key) adds no row and sends no second e-mail; a refused grant sends nothing. The e-mail is the one
// an admin's subscription page sends for its credit (the same words and subject).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { creditEntries, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  creditGrantedEmail,
  creditGrantedWords,
} from "#app/modules/credits/credit-granted-email.server.ts";
import { CREDIT_MESSAGES } from "#app/modules/credits/credits.schema.ts";
import { grantCreditAndTell, sendCreditGrantedJob } from "./tell-credit-granted.server.ts";

const jobs = [sendCreditGrantedJob];
const env = testServices({ smtp: true, queues: jobs as never });
const admin = { id: "admin-user" };

test("a grant on /admin/credits e-mails the member its amount and reason, once", async () => {
  const userId = await insertMember({ name: "Mere Tane" });
  const [member] = await db().select().from(users).where(eq(users.id, userId));
  const input = {
    userId,
    amount: "12.50",
    reason: "Basil arrived wilted.",
    requestKey: crypto.randomUUID(),
  };
  const granted = await grantCreditAndTell({ input, admin });
  expect(granted).toMatchObject({
    ok: true,
    balance: 1250,
    message:
      "Added US$12.50 of credit. Their balance is US$12.50. We've e-mailed them the amount and reason.",
  });
  // The same submit again: the same row, and still one e-mail.
  expect(await grantCreditAndTell({ input, admin })).toMatchObject({ ok: true, balance: 1250 });
  expect(
    await db().select().from(creditEntries).where(eq(creditEntries.userId, userId)),
  ).toHaveLength(1);
  await drainQueue(jobs);
  const mail = env.smtp.messages.filter((m) => m.to === member!.email);
  expect(mail.map((m) => m.subject)).toEqual(["Credit added to your account | Patch"]);
  const said = creditGrantedWords("US$12.50", "Basil arrived wilted.");
  expect(said).toBe(
    "We've added US$12.50 of credit to your account: Basil arrived wilted. It's used on your next box before your card is charged.",
  );
  expect(mail[0]!.text).toContain(said);
  // One definition: the e-mail as the subscription page's change e-mail builds it.
  expect(creditGrantedEmail(member!.email, member!.name, said).subject).toBe(mail[0]!.subject);
});

test("a refused grant writes nothing and sends nothing", async () => {
  const userId = await insertMember();
  const refused = await grantCreditAndTell({
    input: { userId, amount: "5", reason: "", requestKey: crypto.randomUUID() },
    admin,
  });
  expect(refused).toMatchObject({ ok: false, message: CREDIT_MESSAGES.reason });
  await drainQueue(jobs);
  expect(env.smtp.messages).toEqual([]);
});
