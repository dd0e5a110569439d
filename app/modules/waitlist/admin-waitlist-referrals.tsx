// /admin/waitlist's referrals (ADR 037): each region's top referrers by counted friends, and the
// latest counted referrals, each with a form to void it (fraud) with a reason.
import { Form } from "react-router";

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

export function WaitlistReferrals({ top, counted }: Props) {
  return (
    <section aria-labelledby="referrals-title" className="mt-10" id="referrals">
      <h2 id="referrals-title" className="text-2xl font-bold">
        Referrals
      </h2>
      <div className="mt-4 overflow-x-auto rounded-2xl bg-white p-5 shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold">Top referrers per region</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Region
              </th>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Contact
              </th>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Friends counted
              </th>
            </tr>
          </thead>
          <tbody>
            {top.length === 0 && (
              <tr>
                <td colSpan={3} className="py-1">
                  No counted referrals yet.
                </td>
              </tr>
            )}
            {top.map((r) => (
              <tr key={r.id}>
                <td>{r.region ?? "—"}</td>
                <td className="break-all">{r.email}</td>
                <td>{r.friends}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 overflow-x-auto rounded-2xl bg-white p-5 shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold">Latest counted referrals</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Referrer
              </th>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Friend
              </th>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                From
              </th>
              <th scope="col" className="py-1 pr-3 font-medium text-ink/70">
                Void (fraud)
              </th>
            </tr>
          </thead>
          <tbody>
            {counted.length === 0 && (
              <tr>
                <td colSpan={4} className="py-1">
                  None yet: a friend counts once they confirm their address.
                </td>
              </tr>
            )}
            {counted.map((r) => (
              <tr key={r.id}>
                <td className="break-all">{r.referrer}</td>
                <td className="break-all">{r.friend}</td>
                <td>{r.ip ?? "—"}</td>
                <td>
                  <Form method="post" noValidate className="flex flex-wrap gap-2">
                    <input type="hidden" name="intent" value="void-referral" />
                    <input type="hidden" name="referralId" value={r.id} />
                    <label className="sr-only" htmlFor={`void-${r.id}`}>
                      Why is the referral of {r.friend} void?
                    </label>
                    <input
                      id={`void-${r.id}`}
                      name="reason"
                      placeholder="Reason"
                      className="rounded border border-ink/20 px-2 py-1"
                    />
                    <button type="submit" className="btn-secondary">
                      Void
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
