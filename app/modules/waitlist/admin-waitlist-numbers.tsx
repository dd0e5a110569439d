// /admin/waitlist's numbers: how many wait, confirmed and unsubscribed, by region, and sign-ups
// over the last 30 days (a bar chart, with a table for screen readers).
import type { waitlistStats } from "./admin-waitlist.server.ts";
import { AdminCard } from "#app/components/ui/admin-card.tsx";

type Stats = Awaited<ReturnType<typeof waitlistStats>>;

export function WaitlistNumbers({ stats }: { stats: Stats }) {
  const maxRegion = Math.max(1, ...stats.regions.map((r) => r.total));
  const maxDay = Math.max(1, ...stats.days.map((d) => d.joined));
  return (
    <>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {[
          ["People waiting", stats.total],
          ["Confirmed", stats.confirmed],
          ["Unsubscribed", stats.unsubscribed],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-white p-5 shadow-sm">
            <dt className="text-sm text-ink/75">{label}</dt>
            <dd className="font-serif text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <AdminCard id="by-region" title="By region">
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Contacts by region, with how many confirmed</caption>
            <thead>
              <tr className="text-left text-ink/75">
                <th scope="col" className="py-1 font-medium">
                  Region
                </th>
                <th scope="col" className="w-1/2 py-1 font-medium">
                  Contacts
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Confirmed
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.regions.map((r) => (
                <tr key={r.region}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {r.region}
                  </th>
                  <td className="py-1">
                    <div className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="h-3 rounded-full bg-leaf"
                        style={{
                          width: `${(r.total / maxRegion) * 100}%`,
                          minWidth: r.total ? 4 : 0,
                        }}
                      />
                      <span>{r.total}</span>
                    </div>
                  </td>
                  <td className="py-1 text-right">{r.confirmed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminCard>
        <AdminCard id="over-time" title="Sign-ups, last 30 days">
          <div className="mt-6 flex h-40 items-end gap-[2px]" aria-hidden="true">
            {stats.days.map((d) => (
              <div
                key={d.day}
                title={`${d.day}: ${d.joined}`}
                className="flex-1 rounded-t bg-sprout"
                style={{ height: `${(d.joined / maxDay) * 100}%`, minHeight: d.joined ? 3 : 1 }}
              />
            ))}
          </div>
          <p className="mt-2 flex justify-between text-xs text-ink/75" aria-hidden="true">
            <span>{stats.days[0]?.day}</span>
            <span>{stats.days[stats.days.length - 1]?.day}</span>
          </p>
          <table className="sr-only">
            <caption>Sign-ups per day</caption>
            <tbody>
              {stats.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.joined}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminCard>
      </div>
    </>
  );
}
