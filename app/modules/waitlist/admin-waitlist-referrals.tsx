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
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold">Top referrers per region</caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Contact</th>
              <th scope="col">Friends counted</th>
            </tr>
          </thead>
          <tbody>
            {top.length === 0 && (
              <tr>
                <td colSpan={3}>No counted referrals yet.</td>
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
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold">Latest counted referrals</caption>
          <thead>
            <tr>
              <th scope="col">Referrer</th>
              <th scope="col">Friend</th>
              <th scope="col">From</th>
              <th scope="col">Void (fraud)</th>
            </tr>
          </thead>
          <tbody>
            {counted.map((r) => (
              <tr key={r.id}>
                <td className="break-all">{r.referrer}</td>
                <td className="break-all">{r.friend}</td>
                <td>{r.ip ?? "—"}</td>
                <td>
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="intent" value="void-referral" />
                    <input type="hidden" name="referralId" value={r.id} />
                    <label className="sr-only" htmlFor={`void-${r.id}`}>
                      Why is the referral of {r.friend} void?
                    </label>
                    <input
                      id={`void-${r.id}`}
                      name="reason"
                      required
                      minLength={3}
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
