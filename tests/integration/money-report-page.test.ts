// The admins' money page (/admin/money, issue 36, ADR 065) with the demo provider: what we owe
// customers, as the page shows it, is the figure this test works out from what it did (credit
// granted and taken back, a gift bought and not redeemed), and the demo provider's day reconciles
// against its own records with no difference. The page is the route module itself: its loader
// with an admin's session, its component rendered on the server as React Router renders it.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { expect, test } from "vitest";
import { formatMoney } from "#app/lib/money.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { takeBackCredit } from "#app/modules/credits/take-back-credit.server.ts";
import { demoLedger, reconcileDay } from "#app/modules/payments/reconcile-payments.server.ts";
import { nzToday } from "#app/modules/subscriptions/box-dates.ts";
import * as page from "#app/routes/admin/money.tsx";
import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { grantAdminRightsIfListed } from "#app/modules/accounts/grant-admin-rights.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { confirmedAccount, cookieHeader, requestMetas } from "#tests/factories/accounts.ts";
import { paidGiftId } from "#tests/factories/gifts.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { jobs } from "#server/jobs.ts";

testServices({ queues: jobs as never, emptyBeforeEach: true });
const SITE = "https://patch.test";

/** The page as an admin gets it: the loader's data through the component, as HTML. */
async function render(cookie: string, form?: Record<string, string>): Promise<string> {
  const handler = createStaticHandler([
    {
      path: "/admin/money",
      loader: ({ request }) => page.loader({ request } as never),
      action: ({ request }) => page.action({ request } as never),
      Component: () =>
        createElement(page.default as never, {
          loaderData: useLoaderData(),
          actionData: useActionData(),
        }),
    },
  ]);
  const headers = { cookie, origin: SITE };
  const context = await handler.query(
    form
      ? new Request(`${SITE}/admin/money`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        })
      : new Request(`${SITE}/admin/money`, { headers }),
  );
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context }));
}

/** An admin (an address ADMIN_EMAILS names, confirmed), signed in: the Cookie header. */
async function adminCookie(email: string): Promise<string> {
  const password = "kakapo boom in the night";
  await confirmedAccount(email, password);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  await grantAdminRightsIfListed(user!);
  const outcome = await signIn({ input: { email, password }, meta: requestMetas("203.0.113")() });
  if (!outcome.ok) throw new Error(outcome.message);
  return cookieHeader(outcome.cookies);
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

test("the page shows what we owe customers: credit balances and gifts not yet redeemed", async () => {
  const cookie = await adminCookie("ops@example.com");
  const admin = { id: "admin" };
  const [aroha, hemi] = [await insertMember(), await insertMember()];
  const grant = (userId: string, amount: string) =>
    grantCredit({
      input: { userId, amount, reason: "Goodwill", requestKey: crypto.randomUUID() },
      admin,
    });
  await grant(aroha, "25");
  await grant(hemi, "5.50");
  await takeBackCredit({
    input: { userId: aroha, amount: "10", reason: "Given twice", requestKey: crypto.randomUUID() },
    admin,
  });
  // A 3-month gift of the 1 m² plan: three boxes at its US$39.99 (SPEC), paid and not redeemed.
  await paidGiftId({ months: "3", plan: "1m2", sendOn: nzToday() }, new Date());
  const credit = 2500 + 550 - 1000;
  const gifts = 3 * 3999;

  const shown = text(await render(cookie));
  expect(shown).toContain(`Owed in all ${formatMoney(credit + gifts)}`);
  expect(shown).toContain(`Credit balances ${formatMoney(credit)} (2 members)`);
  expect(shown).toContain(`Gifts not yet redeemed ${formatMoney(gifts)} (1 gift)`);
  expect(shown).toContain("No day reconciled yet.");
});

test("the demo provider's day reconciles against its own records: a clean run the page lists", async () => {
  const cookie = await adminCookie("grow@example.com");
  await paidGiftId({ months: "6", sendOn: nzToday() }, new Date());
  const run = await reconcileDay({ day: nzToday(), ledger: demoLedger() });
  expect(run).toMatchObject({ provider: "demo", differences: [] });
  expect(run.ourCharges).toBeGreaterThan(0);
  expect(run.providerCharges).toBe(run.ourCharges);
  // An admin runs the day again from the page.
  const shown = text(await render(cookie, { day: nzToday() }));
  expect(shown).toContain(`Reconciled ${nzToday()} with demo: no differences.`);
  expect(shown).toContain("No differences.");
  const refused = text(await render(cookie, { day: "yesterday" }));
  expect(refused).toContain("Enter a date (YYYY-MM-DD).");
});
