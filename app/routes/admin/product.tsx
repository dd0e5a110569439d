// /admin/products/{id} (admins only): one product's price, stock and words, and archiving it
// (hidden from the shop and refused at checkout; orders keep it) or restoring it.
import { data, Form, Link, useNavigation } from "react-router";
import { AdminCard } from "#app/components/ui/admin-card.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { useFreshErrors } from "#app/components/ui/fresh-errors.ts";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { archiveProduct } from "#app/modules/catalog/archive-product.server.ts";
import {
  chosenFiles,
  LOW_STOCK,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_FILES,
  PICTURE_MIN_SIDE,
  PICTURE_TYPES,
  PICTURES_PER_PRODUCT,
} from "#app/modules/catalog/catalog.schema.ts";
import {
  addProductPictures,
  removeProductPicture,
} from "#app/modules/catalog/product-pictures-change.server.ts";
import { getProductForAdmin } from "#app/modules/catalog/list-all-products.server.ts";
import { ProductImage } from "#app/modules/catalog/product-image.tsx";
import { updateProduct } from "#app/modules/catalog/update-product.server.ts";
import { adminMeta, underList } from "#app/components/admin/admin-page.ts";
import { PicturesField, ProductFields } from "#app/modules/catalog/product-fields.tsx";
import type { Route } from "./+types/product";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData?.product.name ?? "Product");

export const handle = underList(
  "products",
  (data: { product: { name: string } }) => data.product.name,
  { narrow: true },
);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const product = await getProductForAdmin(params.id);
  if (!product) throw data(null, { status: 404 });
  return { product };
}

/** Which form the answer is for (the pictures' or the words'), why it was refused, its fields. */
const answer = (
  intent: "pictures" | "save",
  error: string | null,
  fieldErrors: Record<string, string>,
) => ({ intent, error, fieldErrors });

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = paths.adminProduct(params.id);
  if (intent === "add-pictures" || intent === "remove-picture") {
    const result =
      intent === "add-pictures"
        ? await addProductPictures(params.id, chosenFiles(form.getAll("pictures")))
        : await removeProductPicture(params.id, form.get("base"));
    if (!result.ok && result.code === "not-found" && !(await getProductForAdmin(params.id)))
      throw data(null, { status: 404 });
    return respond(
      request,
      result,
      answer(
        "pictures",
        result.ok ? null : result.message,
        result.ok ? {} : (result.fieldErrors ?? {}),
      ),
      { redirectTo: here },
    );
  }
  if (intent === "archive" || intent === "restore") {
    const result = await archiveProduct(params.id, intent === "archive");
    if (!result.ok) throw data(null, { status: 404 });
    return respond(request, result, answer("save", null, {}), { redirectTo: here });
  }
  const result = await updateProduct(params.id, {
    price: form.get("price"),
    stockQuantity: form.get("stockQuantity"),
    summary: form.get("summary"),
    description: form.get("description"),
  });
  if (!result.ok && result.code === "not-found") throw data(null, { status: 404 });
  return respond(
    request,
    result.ok ? { ...result, message: "Product saved" } : result,
    answer("save", result.ok ? null : result.message, result.ok ? {} : (result.fieldErrors ?? {})),
    { redirectTo: here },
  );
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A field put right since the refusal drops its message (issue 39).
  const { errors, onChange } = useFreshErrors(actionData?.fieldErrors ?? {}, actionData);
  const low = p.active && p.stockQuantity <= LOW_STOCK;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">{p.name}</h1>
      <p className="mt-2 text-ink/75" data-testid="product-status">
        {p.category} · {formatMoney(p.price)} ·{" "}
        <span className={low ? "font-bold text-clay-dark" : ""}>
          {p.stockQuantity} in stock{low ? " (low)" : ""}
        </span>{" "}
        · {p.active ? "On sale" : "Archived: hidden from the shop"}
      </p>
      {p.active ? (
        <p className="mt-1">
          <Link to={paths.productDetail(p.id)} className="underline">
            See it in the shop
          </Link>
        </p>
      ) : null}
      <AdminCard id="pictures-heading" title="Pictures" className="mt-6">
        {p.images.length ? (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {p.images.map((base, i) => (
              <li key={base} className="flex flex-col gap-2">
                <ProductImage
                  base={base}
                  alt={`${p.name}, picture ${i + 1}${i === 0 ? " (the main one)" : ""}`}
                  sizes="160px"
                  className="rounded-xl"
                />
                <Form method="post">
                  <input type="hidden" name="base" value={base} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-picture"
                    className="text-sm underline underline-offset-4"
                    aria-label={`Remove picture ${i + 1}`}
                    disabled={busy}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-ink/75">No pictures yet: the shop shows a plain square.</p>
        )}
        {/* Above the pictures' form: a removal refused is said here too. */}
        {actionData?.intent === "pictures" ? (
          <FormProblems
            error={actionData.error}
            fieldErrors={actionData.fieldErrors}
            className="mt-4"
          />
        ) : null}
        {p.images.length < PICTURES_PER_PRODUCT ? (
          <Form
            method="post"
            encType="multipart/form-data"
            noValidate
            onChange={onChange}
            className="mt-4 flex flex-col gap-3"
          >
            <PicturesField
              label="New pictures"
              error={errors.pictures}
              required
              hint={`Up to ${PICTURE_MAX_FILES} at a time and ${PICTURES_PER_PRODUCT} in all: ${PICTURE_TYPES.join(", ")}, at most ${PICTURE_MAX_BYTES / 1048576} MB each and at least ${PICTURE_MIN_SIDE} px on each side. They go after the ones above.`}
            />
            <button
              type="submit"
              name="intent"
              value="add-pictures"
              className="btn-secondary self-start"
              disabled={busy}
            >
              Add pictures
            </button>
          </Form>
        ) : null}
      </AdminCard>
      <Form
        method="post"
        noValidate
        onChange={onChange}
        className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm"
      >
        <h2 className="text-xl font-bold">Price, stock and words</h2>
        {/* The summary lists the fields' messages (each said at its field too); else the one. */}
        {actionData?.intent === "save" ? (
          <FormProblems error={actionData.error} fieldErrors={actionData.fieldErrors} />
        ) : null}
        <ProductFields
          values={{
            price: (p.price / 100).toFixed(2),
            stockQuantity: p.stockQuantity,
            summary: p.summary,
            description: p.description,
          }}
          errors={errors}
        />
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn-primary self-start"
          disabled={busy}
        >
          Save changes
        </button>
      </Form>
      <Form method="post" className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-xl font-bold">{p.active ? "Archive" : "Restore"}</h2>
        <p className="mt-2 text-ink/75">
          {p.active
            ? "Archiving hides the product from the shop and checkout refuses it. Orders already placed keep it, and you can restore it at any time."
            : "Restoring puts the product back in the shop at its current price and stock."}
        </p>
        <button
          type="submit"
          name="intent"
          value={p.active ? "archive" : "restore"}
          className="btn-secondary mt-4"
          disabled={busy}
        >
          {p.active ? "Archive this product" : "Restore to the shop"}
        </button>
      </Form>
    </>
  );
}
