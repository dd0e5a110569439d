// /admin/products (admins only): find a product by name, category and state in a compact list,
// low stock flagged, each row linking to its own edit page (/admin/products/{id}); a button to add
// one. The search is a GET form, so it works before JavaScript loads and its URL can be shared.
// The old one-form-per-product page posted here with the product's id: that post still saves.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Options } from "#app/components/ui/options.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  ADMIN_SHOWS,
  CATEGORIES,
  LOW_STOCK,
  parseAdminListQuery,
} from "#app/modules/catalog/catalog.schema.ts";
import { listAllProducts } from "#app/modules/catalog/list-all-products.server.ts";
import { updateProduct } from "#app/modules/catalog/update-product.server.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/products";

// The table's columns: each heading and whether it holds a number (set to the right).
const COLUMNS = [
  ["Name", false],
  ["Category", false],
  ["Price", true],
  ["Stock", true],
  ["Status", false],
] as const;

export const { meta, handle } = adminPage("Products");

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseAdminListQuery(await requireAdminQuery(request));
  return { query, products: await listAllProducts(query) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const result = await updateProduct(id, {
    price: form.get("price"),
    stockQuantity: form.get("stockQuantity"),
    summary: form.get("summary"),
    description: form.get("description"),
    active: form.get("active") === "on",
  });
  return respond(
    request,
    result.ok ? { ...result, message: "Product saved" } : result,
    { id, error: result.ok ? null : result.message },
    { redirectTo: paths.adminProducts },
  );
}

const control = "min-h-11 rounded-xl border border-ink/20 bg-white px-3 py-2";

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { query, products } = loaderData;
  const filtered = Boolean(query.q || query.category || query.show !== "all");
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-4xl font-bold">Products</h1>
        <Link to={paths.adminProductNew} className="btn-primary">
          Add a product
        </Link>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Find products"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <Filter id="q" label="Name">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="e.g. trowel"
            className={control}
          />
        </Filter>
        <Filter id="category" label="Category">
          <select
            id="category"
            name="category"
            defaultValue={query.category ?? ""}
            className={control}
          >
            <option value="">All categories</option>
            <Options items={CATEGORIES} />
          </select>
        </Filter>
        <Filter id="show" label="Show">
          <select id="show" name="show" defaultValue={query.show} className={control}>
            <Options items={Object.entries(ADMIN_SHOWS)} />
          </select>
        </Filter>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink/75" role="status">
        {products.length === 1 ? "1 product" : `${products.length} products`}
        {filtered ? " match" : ""}. Low stock is {LOW_STOCK} or fewer.
        {filtered ? (
          <>
            {" "}
            <Link to={paths.adminProducts} className="underline">
              Show all
            </Link>
          </>
        ) : null}
      </p>
      {products.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          No product matches. Try another name or category.
        </p>
      ) : (
        <table className="mt-4 w-full border-separate border-spacing-y-2 text-left">
          <caption className="sr-only">Products, by category</caption>
          <thead className="sr-only sm:not-sr-only">
            <tr className="text-sm text-ink/70">
              {COLUMNS.map(([label, numeric]) => (
                <th
                  key={label}
                  scope="col"
                  className={`px-3 font-semibold${numeric ? " text-right" : ""}`}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody data-testid="admin-products">
            {products.map((p) => {
              const low = p.active && p.stockQuantity <= LOW_STOCK;
              return (
                <tr
                  key={p.id}
                  className="grid grid-cols-[1fr_auto] gap-x-3 rounded-2xl bg-white p-3 shadow-sm sm:table-row sm:p-0"
                >
                  <th
                    scope="row"
                    className="col-span-2 min-w-0 font-semibold sm:rounded-l-2xl sm:px-3 sm:py-3"
                  >
                    <Link to={paths.adminProduct(p.id)} className="underline underline-offset-4">
                      {p.name}
                    </Link>
                  </th>
                  <td className="text-sm text-ink/75 sm:px-3 sm:py-3">{p.category}</td>
                  <td className="text-right tabular-nums sm:px-3 sm:py-3">
                    {formatMoney(p.price)}
                  </td>
                  <td
                    className={`tabular-nums sm:px-3 sm:py-3 sm:text-right ${low ? "font-bold text-clay-dark" : ""}`}
                  >
                    <span className="sm:sr-only">Stock </span>
                    {p.stockQuantity}
                    {low ? <span> · low</span> : null}
                  </td>
                  <td className="text-right text-sm sm:rounded-r-2xl sm:px-3 sm:py-3 sm:text-left">
                    {p.active ? (
                      "On sale"
                    ) : (
                      <span className="rounded-full bg-ink/10 px-2 py-0.5">Archived</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

/** One labelled control of the find form, its label above it. */
function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}
