// /admin/products/new (admins only): add a product with its pictures. The form posts as
// multipart/form-data (it works before JavaScript loads); the pictures are made into the drawn
// ones' sizes and formats on the server (product-pictures.server.ts). Body limit: BODY_LIMITS.
import { Form, useNavigation } from "react-router";
import { controlProps, FormField } from "#app/components/ui/form-field.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { useFreshErrors } from "#app/components/ui/fresh-errors.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { addProduct } from "#app/modules/catalog/add-product.server.ts";
import {
  CATEGORIES,
  chosenFiles,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_FILES,
  PICTURE_MIN_SIDE,
  PICTURE_TYPES,
} from "#app/modules/catalog/catalog.schema.ts";
import { adminMeta, underList } from "#app/components/admin/admin-page.ts";
import { PicturesField, ProductFields } from "#app/modules/catalog/product-fields.tsx";
import type { Route } from "./+types/product-new";

export const meta = () => adminMeta("Add a product");

export const handle = underList("products", "Add a product", { narrow: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const values = {
    name: text(form, "name"),
    category: text(form, "category"),
    price: text(form, "price"),
    stockQuantity: text(form, "stockQuantity"),
    summary: text(form, "summary"),
    description: text(form, "description"),
  };
  const result = await addProduct({ ...values, pictures: chosenFiles(form.getAll("pictures")) });
  return respond(
    request,
    result,
    {
      values,
      error: result.ok ? null : result.message,
      fieldErrors: result.ok ? {} : (result.fieldErrors ?? {}),
    },
    { redirectTo: result.ok ? paths.adminProduct(result.id) : undefined },
  );
}

export default function AdminProductNew({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  // A field put right since the refusal drops its message (issue 39).
  const { errors, onChange } = useFreshErrors(actionData?.fieldErrors ?? {}, actionData);
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Add a product</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onChange={onChange}
        className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm"
      >
        {/* The summary lists the fields' messages (each said at its field too); else the one. */}
        <FormProblems error={actionData?.error} fieldErrors={actionData?.fieldErrors} />
        <FormField
          id="name"
          name="name"
          label="Name"
          required
          maxLength={120}
          hint="Its web address is made from the name."
          defaultValue={values.name}
          error={errors.name}
        />
        <FormField id="category" label="Category" error={errors.category}>
          <select
            {...controlProps("category", errors.category)}
            required
            defaultValue={values.category ?? ""}
            className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base"
          >
            <option value="" disabled>
              Choose a category
            </option>
            <Options items={CATEGORIES} />
          </select>
        </FormField>
        <ProductFields values={values} errors={errors} />
        <PicturesField
          label="Pictures"
          error={errors.pictures}
          hint={`Up to ${PICTURE_MAX_FILES}: ${PICTURE_TYPES.join(", ")}, at most ${PICTURE_MAX_BYTES / 1048576} MB each and at least ${PICTURE_MIN_SIDE} px on each side. Each is cut to a square around its subject; the first is the product's main picture.`}
        />
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          {busy ? "Adding..." : "Add product"}
        </button>
      </Form>
    </>
  );
}
