// /admin/ship (admins only, issue 40, ADR 074): a packing day's run shipped in bulk. The run's
// boxes by state; one press marks every charged box packed; the courier's booking file (NZ Post
// or NZ Couriers, at /admin/ship/booking.csv) for the boxes not shipped yet; and the courier's
// tracking file uploaded back, which ships each box's order with its number (the member's e-mail
// says it). Labels print from the packing list on /admin/boxes.
import { data, Form, Link, useNavigation } from "react-router";
import { PackingDayForm } from "#app/components/admin/packing-day-form.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  COURIERS,
  findCourier,
  importTracking,
  listRun,
  markRunPacked,
  type TrackingImport,
} from "#app/flows/ship-packing-run.server.ts";
import { nextPackingDay, packingDaySchema } from "#app/modules/subscriptions/admin-boxes.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/ship";

export const { meta, handle } = adminPage("Ship a run");

/** The largest tracking file read (a run of thousands of boxes is well under it). */
const MAX_TRACKING_BYTES = 2_000_000;

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const asked = packingDaySchema.safeParse(params.get("day"));
  const day = asked.success ? asked.data : nextPackingDay();
  const run = await listRun(day);
  const count = (s: string) => run.filter((p) => p.orderStatus === s).length;
  return {
    day,
    label: formatBoxDate(day),
    total: run.length,
    toPack: count("paid"),
    packed: count("packed"),
    shipped: count("shipped") + count("delivered"),
    couriers: COURIERS.map((c) => ({ id: c.id, name: c.name })),
  };
}

type ShipAnswer = { error: string | null; imported: TrackingImport | null };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const day = packingDaySchema.safeParse(form.get("day"));
  if (!day.success)
    return data<ShipAnswer>({ error: "Choose a packing day.", imported: null }, { status: 400 });
  if (form.get("intent") === "pack") {
    const { packed } = await markRunPacked(day.data, admin.email);
    throw await redirectWithToast(request, `/admin/ship?day=${day.data}`, {
      type: "success",
      message: `${packed} ${packed === 1 ? "box" : "boxes"} marked packed.`,
    });
  }
  if (form.get("intent") !== "tracking")
    return data<ShipAnswer>({ error: "Choose what to do.", imported: null }, { status: 400 });
  const courier = findCourier(form.get("courier"));
  if (!courier)
    return data<ShipAnswer>({ error: "Choose the courier.", imported: null }, { status: 400 });
  const file = form.get("file");
  const text = typeof file === "string" ? file : file ? await file.text() : "";
  if (text.trim() === "")
    return data<ShipAnswer>(
      { error: "Choose the courier's tracking file.", imported: null },
      { status: 400 },
    );
  if (text.length > MAX_TRACKING_BYTES)
    return data<ShipAnswer>(
      { error: "That file is too large to be a tracking file.", imported: null },
      { status: 413 },
    );
  const imported = await importTracking(day.data, courier, text);
  if (imported.error) return data<ShipAnswer>({ error: imported.error, imported }, { status: 400 });
  return data<ShipAnswer>({ error: null, imported });
}

export default function AdminShip({ loaderData, actionData }: Route.ComponentProps) {
  const { day, label, total, toPack, packed, shipped, couriers } = loaderData;
  const busy = useNavigation().state === "submitting";
  const imported = actionData?.imported;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Ship a run</h1>
      <PackingDayForm day={day} className="mt-6">
        <Link to={`/admin/boxes?day=${day}`} className="btn-secondary">
          Pick list and labels
        </Link>
      </PackingDayForm>
      <h2 className="mt-8 text-2xl font-bold">{label}</h2>
      <p className="mt-2" data-testid="run-counts">
        {total === 0
          ? "No paid boxes on this day."
          : `${total} ${total === 1 ? "box" : "boxes"}: ${toPack} to pack, ${packed} packed, ${shipped} shipped.`}
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {actionData.error}
        </p>
      ) : null}
      {imported && !imported.error ? (
        <div
          role="status"
          className="mt-3 rounded-2xl bg-white p-4 shadow-sm"
          data-testid="imported"
        >
          <p className="font-semibold">
            {imported.shipped} shipped with their tracking numbers
            {imported.alreadyShipped ? `; ${imported.alreadyShipped} were shipped already` : ""}.
          </p>
          {imported.unknown.length ? (
            <p className="mt-1">Not in this run: {imported.unknown.join(", ")}.</p>
          ) : null}
          {imported.invalid.length ? (
            <p className="mt-1">No usable tracking number for: {imported.invalid.join(", ")}.</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Form method="post" className="rounded-2xl bg-white p-5 shadow-sm">
          <h3 className="text-xl font-bold">1. Pack</h3>
          <p className="mt-2 text-sm text-ink/75">
            Marks every charged box of the day packed, with its order, and takes the boxes&rsquo;
            items off the box stock.
          </p>
          <input type="hidden" name="day" value={day} />
          <button
            type="submit"
            name="intent"
            value="pack"
            className="btn-primary mt-4"
            disabled={busy || toPack === 0}
          >
            {toPack === 0 ? "Nothing to pack" : `Mark ${toPack} packed`}
          </button>
        </Form>
        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="book-heading">
          <h3 id="book-heading" className="text-xl font-bold">
            2. Book the courier
          </h3>
          <p className="mt-2 text-sm text-ink/75">
            The boxes not shipped yet, in the courier&rsquo;s bulk-booking layout. Each row&rsquo;s
            reference is the order number.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {couriers.map((c) => (
              <li key={c.id}>
                <a
                  href={`/admin/ship/booking.csv?day=${day}&courier=${c.id}`}
                  className="btn-secondary"
                  download
                >
                  {c.name} file
                </a>
              </li>
            ))}
          </ul>
        </section>
        <Form
          method="post"
          encType="multipart/form-data"
          className="rounded-2xl bg-white p-5 shadow-sm"
        >
          <h3 className="text-xl font-bold">3. Import tracking</h3>
          <p className="mt-2 text-sm text-ink/75">
            The courier&rsquo;s tracking export: each box named in it is marked shipped and its
            member e-mailed the number.
          </p>
          <input type="hidden" name="day" value={day} />
          <div className="mt-3">
            <FilterSelect
              name="courier"
              label="Courier"
              defaultValue={couriers[0]!.id}
              items={couriers.map((c) => [c.id, c.name] as const)}
            />
          </div>
          <label htmlFor="tracking-file" className="mt-3 block text-sm font-semibold">
            Tracking file (CSV)
          </label>
          <input
            id="tracking-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="mt-1 block w-full text-sm"
          />
          <button
            type="submit"
            name="intent"
            value="tracking"
            className="btn-primary mt-4"
            disabled={busy}
          >
            Import and ship
          </button>
        </Form>
      </div>
    </>
  );
}
