// /admin (admins only): the numbers that matter and a link to each admin area.
import { Link } from "react-router";
import { getAdminOverview } from "#app/modules/accounts/get-admin-overview.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { adminMeta } from "./admin-page.ts";
import type { Route } from "./+types/home";

export const meta = () => adminMeta();

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email, ...(await getAdminOverview()) };
}

const areas = [
  {
    title: "Waitlist",
    text: "Contacts by region, exports and launch notices.",
    to: "/admin/waitlist",
  },
  { title: "Orders", text: "Orders, payments and refunds.", to: "/admin/orders" },
  { title: "Products", text: "The catalogue, prices and stock.", to: "/admin/products" },
  {
    title: "Users",
    text: "Search, suspend and restore, sign a person out everywhere.",
    to: "/admin/users",
  },
  {
    title: "Growing tips",
    text: "Preview each month's tips e-mail and send a month early.",
    to: "/admin/tips",
  },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-4xl font-bold">Admin</h1>
      <p className="mt-2 text-ink/70">Signed in as {loaderData.email}</p>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-3xl bg-white p-6 shadow-sm">
          <dt className="text-sm font-semibold tracking-widest text-leaf uppercase">
            Waitlist size
          </dt>
          <dd className="mt-1 font-serif text-4xl font-bold" data-testid="waitlist-size">
            {loaderData.waitlistSize}
          </dd>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-sm">
          <dt className="text-sm font-semibold tracking-widest text-leaf uppercase">Accounts</dt>
          <dd className="mt-1 font-serif text-4xl font-bold">{loaderData.accounts}</dd>
        </div>
      </dl>
      <h2 className="mt-10 text-2xl font-bold">Admin areas</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {areas.map((a) => (
          <li key={a.to} className="rounded-3xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-bold">
              <Link to={a.to} className="underline-offset-4 hover:underline">
                {a.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-ink/70">{a.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
