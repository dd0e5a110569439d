// /admin/suppressions (admins only, ADR 066): the addresses no e-mail goes to, because they
// bounced for good or their owner marked our mail as spam (the mail provider's webhook), newest
// first or found by address; an admin can remove one (someone fixed their mailbox, or a complaint
// was a mistake), and mail goes to it again.
import { freeText } from "#app/lib/zod.ts";
import { userSearchSchema } from "#app/modules/accounts/accounts.schema.ts";
import { data, Form, useNavigation } from "react-router";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { listSuppressions, unsuppress } from "#app/lib/mail-suppressions.server.ts";
import { paths } from "#app/lib/paths.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/suppressions";

export const { meta, handle } = adminPage("Suppressed e-mail addresses");

const REASONS: Record<string, string> = {
  bounce: "Bounced for good",
  complaint: "Marked as spam",
};
const SOURCES: Record<string, string> = { postmark: "Postmark", ses: "Amazon SES", admin: "Admin" };

export async function loader({ request }: Route.LoaderArgs) {
  // A search the address field could hold, or none: hostile text searches for nothing.
  const q = userSearchSchema.parse((await requireAdminQuery(request)).get("q") ?? "");
  const { rows, total } = await listSuppressions({ search: q });
  return {
    q,
    total,
    rows: rows.map((r) => ({
      address: r.address,
      reason: REASONS[r.reason] ?? r.reason,
      source: SOURCES[r.source] ?? r.source,
      detail: r.detail ?? "",
      when: r.occurredAt.toISOString().slice(0, 16).replace("T", " ") + " UTC",
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  // An address as text can be (no NUL or lone surrogates), or none: refused in words below.
  const address = freeText({ max: 254 })
    .catch("")
    .parse(formString(form, "address") ?? "");
  if (formString(form, "intent") !== "remove" || !address || address.length > 254)
    return data({ message: "Choose an address to remove." }, { status: 400 });
  const removed = await unsuppress(address);
  return removed
    ? { message: `${address} is no longer suppressed: e-mail goes to it again.` }
    : data({ message: `${address} wasn't on the list.` }, { status: 404 });
}

function RemoveButton({ address }: { address: string }) {
  const busy = useNavigation().formData?.get("address") === address;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="address" value={address} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Removing..." : "Remove"}
        <span className="sr-only"> {address}</span>
      </button>
    </Form>
  );
}

export default function AdminSuppressions({ loaderData, actionData }: Route.ComponentProps) {
  const { q, rows, total } = loaderData;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Suppressed e-mail addresses</h1>
      <p className="mt-2 text-ink/70">
        No e-mail goes to these addresses: they bounced for good or their owner marked our mail as
        spam. {total} in all.
      </p>
      {actionData ? (
        <p role="alert" className="mt-4 font-medium">
          {actionData.message}
        </p>
      ) : null}
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <FormField id="q" name="q" label="Address contains" defaultValue={q} />
        </div>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6">{q ? "No suppressed address matches." : "No address is suppressed."}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <DataTable
            caption="Suppressed addresses, newest first"
            columns={[
              { header: "Address", cell: (r) => r.address },
              { header: "Why", cell: (r) => r.reason },
              { header: "From", cell: (r) => r.source },
              { header: "Details", cell: (r) => r.detail },
              { header: "When", cell: (r) => r.when },
              {
                header: "Remove",
                cell: (r) => <RemoveButton address={r.address} />,
              },
            ]}
            rows={rows}
            rowKey={(r) => r.address}
          />
        </div>
      )}
      <p className="mt-6 text-sm text-ink/70">
        <a href={paths.admin}>Back to admin</a>
      </p>
    </>
  );
}
