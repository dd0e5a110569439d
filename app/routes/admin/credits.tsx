// /admin/credits (admins only, issue 22, ADR 040): find a member by e-mail address, see their
// credit balance and its history, and grant or take back credit with a reason. Each form carries
// a request key this page made, so a doubled or retried submit changes the balance once. A grant
// e-mails the member its amount and reason (issue 40), the same e-mail as a subscription page's.
import { randomUUID } from "node:crypto";
import { data, Form, useNavigation } from "react-router";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { getCreditBalance } from "#app/modules/credits/get-credit-balance.server.ts";
import { grantCreditAndTell } from "#app/flows/tell-credit-granted.server.ts";
import { takeBackCredit } from "#app/modules/credits/take-back-credit.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/credits";

export const { meta, handle } = adminPage("Credits");

export async function loader({ request }: Route.LoaderArgs) {
  const q = (await requireAdminQuery(request)).get("q")?.trim() ?? "";
  const found = q ? await getCreditBalance({ email: q }) : null;
  return { q, found, requestKey: randomUUID() };
}

type CreditAnswer = { intent: string; message: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = formString(form, "intent") ?? "";
  const input = {
    userId: formString(form, "userId"),
    amount: formString(form, "amount"),
    reason: formString(form, "reason"),
    requestKey: formString(form, "requestKey"),
  };
  const outcome =
    intent === "grant"
      ? await grantCreditAndTell({ input, admin })
      : intent === "take-back"
        ? await takeBackCredit({ input, admin })
        : null;
  if (!outcome) return data<CreditAnswer>({ intent, message: "Unknown action." }, { status: 400 });
  const back = `${paths.adminCredits}?${new URLSearchParams({ q: formString(form, "q") ?? "" })}`;
  return respond<CreditAnswer>(
    request,
    outcome,
    {
      intent,
      message: outcome.message ?? "",
      ...(outcome.ok ? {} : { fieldErrors: outcome.fieldErrors }),
    },
    { redirectTo: back },
  );
}

/** The admin's two changes to a member's credit, each its own form. */
const ADJUSTMENTS = [
  { intent: "grant", title: "Grant credit" },
  { intent: "take-back", title: "Take back credit" },
] as const;

function AdjustForm({
  intent,
  title,
  userId,
  q,
  requestKey,
  answer,
}: {
  intent: "grant" | "take-back";
  /** The form's heading and its button's words. */
  title: string;
  userId: string;
  q: string;
  requestKey: string;
  answer?: CreditAnswer;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  const mine = answer?.intent === intent ? answer : undefined;
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm">
      <h3 className="text-lg font-bold">{title}</h3>
      {mine ? (
        <FormProblems
          error={mine.message}
          fieldErrors={mine.fieldErrors}
          fieldIds={{ amount: `${intent}-amount`, reason: `${intent}-reason` }}
        />
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <FormField
        id={`${intent}-amount`}
        name="amount"
        label="Amount in dollars"
        inputMode="decimal"
        required
        hint="From 0.01 to 500."
        error={mine?.fieldErrors?.amount}
      />
      <FormField
        id={`${intent}-reason`}
        name="reason"
        label="Reason"
        required
        minLength={3}
        maxLength={300}
        error={mine?.fieldErrors?.reason}
      />
      <button type="submit" className="btn-primary self-start" disabled={busy}>
        {busy ? "Saving..." : title}
      </button>
    </Form>
  );
}

export default function AdminCredits({ loaderData, actionData }: Route.ComponentProps) {
  const { q, found, requestKey } = loaderData;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Credits</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <FormField
            id="q"
            name="q"
            type="email"
            label="Member's e-mail address"
            defaultValue={q}
            required
          />
        </div>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>
      {found && !found.ok ? (
        <p role="alert" className="mt-4 font-medium text-clay-dark">
          {found.message}
        </p>
      ) : null}
      {found?.ok ? (
        <section aria-labelledby="member-credit" className="mt-8 flex flex-col gap-6">
          <h2 id="member-credit" className="text-2xl font-bold">
            {found.member.name || found.member.email}: {found.balanceText}
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {ADJUSTMENTS.map(({ intent, title }) => (
              <AdjustForm
                key={intent}
                intent={intent}
                title={title}
                userId={found.member.id}
                q={q}
                requestKey={requestKey}
                answer={actionData}
              />
            ))}
          </div>
          {found.history.length === 0 ? (
            <p>No credit yet.</p>
          ) : (
            <DataTable
              caption="Credit history, newest first"
              rows={found.history}
              rowKey={(h) => h.id}
              columns={[
                { header: "Date", cell: (h) => h.date, td: "p-3 whitespace-nowrap" },
                { header: "Kind", cell: (h) => h.reason },
                { header: "Note", cell: (h) => h.note },
                {
                  header: "Amount",
                  cell: (h) => h.amountText,
                  th: "p-3 text-right",
                  td: "p-3 text-right whitespace-nowrap",
                },
              ]}
              classes={{
                table: "w-full rounded-2xl bg-white text-left shadow-sm",
                caption: "sr-only",
                headRow: "border-b border-ink/15 text-sm text-ink/70",
                th: "p-3",
                row: "border-b border-ink/10 last:border-0",
                td: "p-3",
              }}
            />
          )}
        </section>
      ) : null}
    </>
  );
}
