// /admin/money (admins only, issue 36, ADR 065): what we owe customers (credit balances and gifts
// not yet used), and the daily reconciliation of our charges and refunds against the payment
// provider's own records, with every difference it found. The job runs each morning for the day
// before; an admin can run a day again here (it replaces that day's run).
import { data, Form, useNavigation } from "react-router";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { getMoneyOwed, listReconciliation } from "#app/modules/payments/money-report.server.ts";
import {
  reconcileDay,
  reconcileDaySchema,
} from "#app/modules/payments/reconcile-payments.server.ts";
import { addDays, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { Stat } from "#app/components/ui/stat.tsx";
import type { Route } from "./+types/money";

export const { meta, handle } = adminPage("Money");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [owed, reconciliation] = await Promise.all([getMoneyOwed(), listReconciliation()]);
  const currency = settings().currency;
  const money = (cents: number) => formatMoney(cents, currency);
  return {
    owed: {
      total: money(owed.total),
      credit: `${money(owed.credit.cents)} (${owed.credit.members} ${owed.credit.members === 1 ? "member" : "members"})`,
      unredeemed: `${money(owed.unredeemedGifts.cents)} (${owed.unredeemedGifts.count} ${owed.unredeemedGifts.count === 1 ? "gift" : "gifts"})`,
      held: `${money(owed.heldGifts.cents)} (${owed.heldGifts.count} ${owed.heldGifts.count === 1 ? "gift" : "gifts"})`,
    },
    runs: reconciliation.runs.map((r) => ({
      key: `${r.day} ${r.provider}`,
      day: r.day,
      provider: r.provider,
      ranAt: nzDateTime(r.ranAt),
      charges: `${r.ourCharges} ours, ${r.providerCharges} the provider's`,
      refunds: `${r.ourRefunds} ours, ${r.providerRefunds} the provider's`,
      differences: r.differences,
    })),
    differences: reconciliation.differences.map((d) => ({
      id: d.id,
      day: d.day,
      record: d.record,
      what: KIND_WORDS[d.kind],
      reference: d.reference,
      ours: d.ours ?? "—",
      ourAmount: d.ourAmount === null ? "—" : money(d.ourAmount),
      providerAmount: d.providerAmount === null ? "—" : money(d.providerAmount),
      status: `${d.ourStatus ?? "—"} / ${d.providerStatus ?? "—"}`,
    })),
    yesterday: addDays(nzToday(), -1),
  };
}

const KIND_WORDS = {
  ours_not_at_provider: "Ours, not at the provider",
  provider_not_ours: "The provider's, not ours",
  amount_mismatch: "Amounts differ",
  status_mismatch: "Statuses differ",
} as const;

type MoneyAnswer = { message: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const parsed = reconcileDaySchema.safeParse({ day: formString(form, "day") });
  if (!parsed.success)
    return data<MoneyAnswer>({ message: "Enter a date (YYYY-MM-DD)." }, { status: 400 });
  if (parsed.data.day > nzToday())
    return data<MoneyAnswer>({ message: "That day hasn't happened yet." }, { status: 400 });
  const run = await reconcileDay({ day: parsed.data.day });
  const n = run.differences.length;
  return data<MoneyAnswer>({
    message: `Reconciled ${run.day} with ${run.provider}: ${n === 0 ? "no differences" : `${n} ${n === 1 ? "difference" : "differences"}`}.`,
  });
}

const table = {
  table: "w-full rounded-2xl bg-white text-left shadow-sm",
  caption: "sr-only",
  headRow: "border-b border-ink/15 text-sm text-ink/70",
  th: "p-3",
  row: "border-b border-ink/10 last:border-0",
  td: "p-3",
};

export default function AdminMoney({ loaderData, actionData }: Route.ComponentProps) {
  const { owed, runs, differences, yesterday } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Money</h1>
      <h2 className="mt-8 text-2xl font-bold">Owed to customers</h2>
      <dl className="mt-4 grid gap-4 md:grid-cols-2">
        <Stat
          title="Owed in all"
          value={owed.total}
          testId="money-owed"
          note="Credit balances and gifts paid for and not yet used."
        />
        <Stat title="Credit balances" value={owed.credit} testId="money-owed-credit" />
        <Stat title="Gifts not yet redeemed" value={owed.unredeemed} testId="money-owed-gifts" />
        <Stat
          title="Gifts held for a region"
          value={owed.held}
          testId="money-owed-held"
          note="Redeemed while the region was closed; the boxes start when it opens."
        />
      </dl>
      <h2 className="mt-10 text-2xl font-bold">Reconciliation with the payment provider</h2>
      <p className="mt-1 text-sm text-ink/70">
        Each morning our charges and refunds of the day before are checked against the payment
        provider&rsquo;s own records. Every difference is listed below.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <FormField id="day" name="day" type="date" label="Day" defaultValue={yesterday} required />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Reconciling..." : "Reconcile this day"}
        </button>
      </Form>
      {actionData ? (
        <p role="status" className="mt-3 font-medium">
          {actionData.message}
        </p>
      ) : null}
      <h3 className="mt-6 text-xl font-bold">Differences</h3>
      <div className="mt-3">
        <DataTable
          caption="Differences found, newest day first"
          testId="money-differences"
          rows={differences}
          rowKey={(d) => d.id}
          empty="No differences."
          columns={[
            { header: "Day", cell: (d) => d.day, td: "p-3 whitespace-nowrap" },
            { header: "Record", cell: (d) => d.record },
            { header: "What", cell: (d) => d.what },
            { header: "Reference", cell: (d) => d.reference, td: "p-3 font-mono text-sm" },
            { header: "Ours", cell: (d) => d.ours },
            { header: "Our amount", cell: (d) => d.ourAmount },
            { header: "Provider's amount", cell: (d) => d.providerAmount },
            { header: "Status (ours / provider's)", cell: (d) => d.status },
          ]}
          classes={{ ...table, empty: "p-3" }}
        />
      </div>
      <h3 className="mt-6 text-xl font-bold">Runs</h3>
      <div className="mt-3">
        <DataTable
          caption="Reconciliation runs, newest day first"
          testId="money-runs"
          rows={runs}
          rowKey={(r) => r.key}
          empty="No day reconciled yet."
          columns={[
            { header: "Day", cell: (r) => r.day, td: "p-3 whitespace-nowrap" },
            { header: "Provider", cell: (r) => r.provider },
            { header: "Charges", cell: (r) => r.charges },
            { header: "Refunds", cell: (r) => r.refunds },
            { header: "Differences", cell: (r) => r.differences },
            { header: "Run at", cell: (r) => r.ranAt },
          ]}
          classes={{ ...table, empty: "p-3" }}
        />
      </div>
    </>
  );
}
