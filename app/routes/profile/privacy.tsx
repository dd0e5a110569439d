// /profile/privacy: download everything we hold about the account (Privacy Act 2020) and delete the
// account, each confirmed with the password.
import { data, redirect } from "react-router";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { confirmPassword } from "#app/modules/accounts/confirm-password.server.ts";
import { deleteAccountAndEndMoney } from "#app/flows/delete-account.server.ts";
import { accountMoneyOnDelete } from "#app/modules/subscriptions/end-account-subscriptions.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { myDataDownloadPath } from "#app/modules/accounts/export-my-data.server.ts";
import { fieldAria, FormMessage } from "#app/components/ui/form-field.tsx";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { clearLocalUserData } from "#app/modules/accounts/user-menu.tsx";
import type { Route } from "./+types/privacy";
import {
  answer,
  homeWithToast,
  readForm,
  unknownIntent,
  type Answer,
} from "#app/modules/accounts/profile/answer.ts";
import {
  IntentForm,
  PasswordField,
  Reauth,
  Section,
  useAnswer,
} from "#app/modules/accounts/profile/profile-ui.tsx";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return accountMoneyOnDelete(user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { form, intent, meta } = await readForm(request, context);
  switch (intent) {
    case "export-data": {
      // Confirmed with the password, since the file holds everything about the person.
      if (!(await confirmPassword({ meta, password: form.get("password") }))) {
        return data<Answer>({
          intent,
          ok: false,
          message: "Please enter your password to download your data.",
          fieldErrors: { exportPassword: "That password isn't right." },
        });
      }
      // The file comes from its own address (a page's action answers only with page data).
      throw redirect(myDataDownloadPath(user.id));
    }
    case "delete-account": {
      const outcome = await deleteAccountAndEndMoney({
        user,
        input: {
          password: form.get("password"),
          confirm: form.get("confirm"),
          paidBox: form.get("paidBox"),
        },
        meta,
      });
      return outcome.ok
        ? homeWithToast(request, outcome, MESSAGES.accountDeleted)
        : answer(intent, outcome);
    }
    default:
      return unknownIntent(intent);
  }
}

export default function ProfilePrivacy({ actionData, loaderData }: Route.ComponentProps) {
  const money = loaderData;
  const { busyIntent, forIntent } = useAnswer(actionData);
  const exp = forIntent("export-data");
  const del = forIntent("delete-account");
  const paidBoxAria = fieldAria("paidBox", del?.fieldErrors?.paidBox);
  return (
    <Section id="your-data" title="Your data">
      <IntentForm
        intent="export-data"
        answer={exp}
        reloadDocument
        noValidate
        className="flex flex-col gap-4"
        submit="Download my data"
      >
        <p className="text-sm text-ink/80">
          Download everything we hold about your account as a JSON file (Privacy Act 2020).
        </p>
        <PasswordField
          id="exportPassword"
          label="Confirm with your password"
          error={exp?.fieldErrors?.exportPassword}
        />
      </IntentForm>
      <IntentForm
        intent="delete-account"
        answer={del}
        className="mt-8 flex flex-col gap-4 border-t border-ink/10 pt-6"
        onSubmit={clearLocalUserData}
        noValidate
        busy={busyIntent === "delete-account"}
        buttonClassName="btn bg-clay-dark text-white hover:bg-clay"
        submit="Delete my account"
      >
        <h3 className="text-xl font-bold text-clay-dark">Delete my account</h3>
        <p className="text-sm text-ink/80">
          This removes your account, profile and signed-in devices for good. Your waitlist entry
          stays until you unsubscribe from it.
        </p>
        <p className="text-sm text-ink/80">
          {money.running
            ? "Your subscription ends straight away: nothing more is charged, and your saved card is removed. "
            : "Your saved card, if any, is removed. "}
          Any credit on your account ends with it. We keep the records of what you paid and were
          refunded for seven years, as tax law requires, without your name, e-mail or address.
        </p>
        {money.paidBoxes.length > 0 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-medium">
              {money.paidBoxes.length === 1
                ? `Your box for the week starting ${formatBoxDate(money.paidBoxes[0]!.deliverOn)} is paid (${formatMoney(money.paidBoxes[0]!.amount, money.paidBoxes[0]!.currency)}) but not packed yet.`
                : "Some of your boxes are paid but not packed yet."}{" "}
              What should we do?
            </legend>
            <label className="flex items-start gap-2">
              <input
                id="paidBox"
                type="radio"
                name="paidBox"
                value="refund"
                className="mt-1 h-5 w-5"
                {...paidBoxAria}
              />
              <span>Refund it: the money goes back to the card or credit that paid it.</span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="paidBox"
                value="keep"
                className="mt-1 h-5 w-5"
                {...paidBoxAria}
              />
              <span>
                Still deliver it: we keep your name and delivery address only until it ships.
              </span>
            </label>
            {del?.fieldErrors?.paidBox && (
              <p id="paidBox-error" className="text-sm font-medium text-clay-dark">
                {del.fieldErrors.paidBox}
              </p>
            )}
          </fieldset>
        )}
        {del?.reauth ? (
          <Reauth />
        ) : (
          del &&
          !del.ok &&
          !del.fieldErrors && <FormMessage tone="error">{del.message}</FormMessage>
        )}
        <label className="flex items-start gap-2">
          <input
            id="confirm"
            type="checkbox"
            name="confirm"
            value="yes"
            className="mt-1 h-5 w-5 accent-clay-dark"
            aria-invalid={del?.fieldErrors?.confirm ? true : undefined}
            aria-describedby={del?.fieldErrors?.confirm ? "confirm-error" : undefined}
          />
          <span>I understand my account can't be recovered.</span>
        </label>
        {del?.fieldErrors?.confirm && (
          <p id="confirm-error" className="text-sm font-medium text-clay-dark">
            {del.fieldErrors.confirm}
          </p>
        )}
        <PasswordField id="deletePassword" error={del?.fieldErrors?.deletePassword} />
      </IntentForm>
    </Section>
  );
}
