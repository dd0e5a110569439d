// /admin/waitlist's referrals (ADR 037): each region's top referrers by counted friends, and the
// latest counted referrals, each with a form to void it (fraud) with a reason.
import { Form } from "react-router";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";

interface Props {
  top: { region: string | null; id: string; email: string; friends: number }[];
  counted: {
    id: string;
    ip: string | null;
    referrer: string;
    friend: string;
    region: string | null;
  }[];
}

const TABLE = {
  table: "w-full text-left text-sm",
  caption: "pb-2 text-left font-semibold",
  th: "py-1 pr-3 font-medium text-ink/70",
  empty: "py-1",
};

/** One of the referrals' tables, on its own white card that scrolls sideways on a phone. */
function ReferralTable<R extends { id: string }>({
  className,
  caption,
  rows,
  empty,
  columns,
}: {
  className: string;
  caption: string;
  rows: R[];
  empty: string;
  columns: Column<R>[];
}) {
  return (
    <div className={`${className} overflow-x-auto rounded-2xl bg-white p-5 shadow-sm`}>
      <DataTable
        caption={caption}
        rows={rows}
        rowKey={(r) => r.id}
        empty={empty}
        columns={columns}
        classes={TABLE}
      />
    </div>
  );
}

function VoidForm({ id, friend }: { id: string; friend: string }) {
  return (
    <Form method="post" noValidate className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="void-referral" />
      <input type="hidden" name="referralId" value={id} />
      <label className="sr-only" htmlFor={`void-${id}`}>
        Why is the referral of {friend} void?
      </label>
      <input
        id={`void-${id}`}
        name="reason"
        placeholder="Reason"
        className="rounded border border-ink/20 px-2 py-1"
      />
      <button type="submit" className="btn-secondary">
        Void
      </button>
    </Form>
  );
}

export function WaitlistReferrals({ top, counted }: Props) {
  return (
    <section aria-labelledby="referrals-title" className="mt-10" id="referrals">
      <h2 id="referrals-title" className="text-2xl font-bold">
        Referrals
      </h2>
      <ReferralTable
        className="mt-4"
        caption="Top referrers per region"
        rows={top}
        empty="No counted referrals yet."
        columns={[
          { header: "Region", cell: (r) => r.region ?? "—" },
          { header: "Contact", cell: (r) => r.email, td: "break-all" },
          { header: "Friends counted", cell: (r) => r.friends },
        ]}
      />
      <ReferralTable
        className="mt-6"
        caption="Latest counted referrals"
        rows={counted}
        empty="None yet: a friend counts once they confirm their address."
        columns={[
          { header: "Referrer", cell: (r) => r.referrer, td: "break-all" },
          { header: "Friend", cell: (r) => r.friend, td: "break-all" },
          { header: "From", cell: (r) => r.ip ?? "—" },
          { header: "Void (fraud)", cell: (r) => <VoidForm id={r.id} friend={r.friend} /> },
        ]}
      />
    </section>
  );
}
