// /address (signed in): the delivery address, the same fields as the profile's.
import { noindexMeta } from "#app/lib/seo.ts";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import { formValues, MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { AddressFields } from "#app/components/ui/address-fields.tsx";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { saveAddress } from "#app/modules/accounts/update-profile.server.ts";
import type { Route } from "./+types/address";

export const meta = () => noindexMeta("Delivery address");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  return { address: profile.address };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const result = await saveAddress({
    userId: user.id,
    input: formValues(await request.formData()),
  });
  return result.ok
    ? data({ ok: true as const, message: MESSAGES.addressSaved, fieldErrors: undefined })
    : data({
        ok: false as const,
        message: result.message,
        fieldErrors: result.fieldErrors,
      });
}

export default function AddressPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    // A refusal is said by the error summary and beside its fields (issue 39), not toasted too.
    if (actionData?.ok) void showToast("success", actionData.message);
  }, [actionData]);
  return (
    <section className="container-page flex justify-center pt-28 pb-20 md:pt-36">
      <div className="w-full max-w-xl">
        <h1 className="text-4xl font-bold">Delivery address</h1>
        <p className="mt-2 text-ink/70">Where your grow box and monthly supplies should go.</p>
        <Form
          method="post"
          className="mt-6 flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
          noValidate
        >
          {actionData?.ok && <FormMessage tone="success">{actionData.message}</FormMessage>}
          <ErrorSummary errors={actionData?.fieldErrors} />
          <AddressFields address={loaderData.address} errors={actionData?.fieldErrors} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save address"}
          </button>
        </Form>
      </div>
    </section>
  );
}
