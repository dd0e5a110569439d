// /admin/chase (admins only, issue 40, ADR 074): whom to chase today. Every box payment that was
// declined and is still to be paid, soonest retry first: the member (a link to their
// subscription), the box's week, the amount, the attempts so far, the next retry, why the last
// attempt failed and when they were last reminded; and one press to e-mail a card-update reminder
// (once per failed attempt).
import { Form, Link, useNavigation } from "react-router";
import { CARD_TABLE, DataTable } from "#app/components/ui/data-table.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import {
  listFailedPayments,
  sendCardReminder,
} from "#app/modules/subscriptions/chase-list.server.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/chase";

export const { meta, handle } = adminPage("Failed payments");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminQuery(request);
  const rows = await listFailedPayments();
  return {
    rows: rows.map((r) => ({
      ...r,
      amount: formatMoney(r.amount, r.currency),
      week: formatBoxDate(r.deliverOn),
      nextAttemptAt: r.nextAttemptAt ? nzDateTime(r.nextAttemptAt) : null,
      remindedAt: r.remindedAt ? nzDateTime(r.remindedAt) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const outcome = await sendCardReminder({ boxId: form.get("boxId") });
  return respond(
    request,
    outcome,
    { error: outcome.ok ? null : outcome.message, message: outcome.ok ? outcome.message : null },
    { redirectTo: "/admin/chase" },
  );
}

export default function AdminChase({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { rows } = loaderData;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Failed payments</h1>
      <p className="mt-2 max-w-prose text-ink/75">
        Boxes whose payment was declined and is still to be paid, the soonest retry first. Each is
        retried on its own (after 1, 3, 5 and 7 days); a reminder asks the member to update their
        card, which tries again straight away. One reminder can go after each failed attempt.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {actionData.error}
        </p>
      ) : null}
      <p className="mt-4 font-semibold" data-testid="chase-count">
        {rows.length === 0
          ? "Nobody to chase: every box payment went through."
          : `${rows.length} ${rows.length === 1 ? "payment" : "payments"} to chase`}
      </p>
      <ScrollRegion label="Failed payments" margin="mt-3">
        <DataTable
          caption="Box payments declined and still to be paid"
          testId="chase-list"
          rows={rows}
          rowKey={(r) => r.boxId}
          empty="No failed payments."
          classes={{ ...CARD_TABLE, row: `${CARD_TABLE.row} align-top` }}
          columns={[
            {
              header: "Member",
              rowHeader: true,
              cell: (r) => (
                <>
                  <Link to={`/admin/subscriptions/${r.subscriptionId}`} className="underline">
                    {r.name}
                  </Link>
                  <span className="block text-ink/70 [overflow-wrap:anywhere]">{r.email}</span>
                </>
              ),
            },
            { header: "Box for the week of", cell: (r) => r.week },
            { header: "Amount", td: "p-3 tabular-nums", cell: (r) => r.amount },
            { header: "Attempts", td: "p-3 tabular-nums", cell: (r) => r.attempts },
            { header: "Next retry", cell: (r) => r.nextAttemptAt ?? "None left" },
            { header: "Last error", cell: (r) => r.lastError ?? "—" },
            {
              header: "Reminder",
              cell: (r) =>
                r.remindedThisAttempt ? (
                  <span>Sent {r.remindedAt}</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="boxId" value={r.boxId} />
                    <button
                      type="submit"
                      className="btn-secondary whitespace-nowrap"
                      disabled={busy}
                    >
                      Send card-update reminder
                    </button>
                    {r.remindedAt ? (
                      <span className="mt-1 block text-ink/70">Last sent {r.remindedAt}</span>
                    ) : null}
                  </Form>
                ),
            },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
