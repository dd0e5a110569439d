// /admin/products (admins only): price, stock, words and whether each product is on sale.
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { listAllProducts } from "#app/modules/catalog/list-all-products.server.ts";
import { updateProduct } from "#app/modules/catalog/update-product.server.ts";
import { adminMeta, underAdmin } from "./admin-page.ts";
import type { Route } from "./+types/products";

export const meta = () => adminMeta("Products");

export const handle = underAdmin("Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { products: await listAllProducts() };
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
  if (!result.ok) return data({ id, error: result.message }, { status: 200 });
  throw await redirectWithToast(request, "/admin/products", {
    type: "success",
    message: "Product saved",
  });
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Products</h1>
      <ul className="mt-6 space-y-4">
        {loaderData.products.map((p) => (
          <li key={p.id} className="rounded-2xl bg-white p-4 shadow-sm">
            <Form method="post" className="grid gap-3 md:grid-cols-[1fr_8rem_8rem_auto]">
              <input type="hidden" name="id" value={p.id} />
              <div>
                <h2 className="font-semibold">
                  <Link to={`/product/${p.id}`} className="underline">
                    {p.name}
                  </Link>
                </h2>
                <p className="text-sm text-ink/75">{p.category}</p>
              </div>
              <div>
                <label htmlFor={`price-${p.id}`} className="block text-sm font-semibold">
                  Price ($)
                </label>
                <input
                  id={`price-${p.id}`}
                  name="price"
                  inputMode="decimal"
                  defaultValue={(p.price / 100).toFixed(2)}
                  className="mt-1 h-10 w-full rounded-lg border border-ink/20 px-2"
                />
              </div>
              <div>
                <label htmlFor={`stock-${p.id}`} className="block text-sm font-semibold">
                  Stock
                </label>
                <input
                  id={`stock-${p.id}`}
                  name="stockQuantity"
                  type="number"
                  min={0}
                  defaultValue={p.stockQuantity}
                  className="mt-1 h-10 w-full rounded-lg border border-ink/20 px-2"
                />
              </div>
              <label className="flex items-center gap-2 self-end pb-2 text-sm">
                <input type="checkbox" name="active" defaultChecked={p.active} /> On sale
              </label>
              <details className="md:col-span-4">
                <summary className="cursor-pointer text-sm">Words</summary>
                <label htmlFor={`summary-${p.id}`} className="mt-2 block text-sm font-semibold">
                  Summary
                </label>
                <input
                  id={`summary-${p.id}`}
                  name="summary"
                  defaultValue={p.summary}
                  className="mt-1 h-10 w-full rounded-lg border border-ink/20 px-2"
                />
                <label htmlFor={`description-${p.id}`} className="mt-2 block text-sm font-semibold">
                  Description
                </label>
                <textarea
                  id={`description-${p.id}`}
                  name="description"
                  defaultValue={p.description}
                  rows={6}
                  className="mt-1 w-full rounded-lg border border-ink/20 p-2"
                />
              </details>
              {actionData?.id === p.id ? (
                <p role="alert" className="text-clay-dark md:col-span-4">
                  {actionData.error}
                </p>
              ) : null}
              <button
                type="submit"
                className="btn-primary md:col-span-4 md:justify-self-end"
                disabled={busy}
              >
                Save {p.name}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
