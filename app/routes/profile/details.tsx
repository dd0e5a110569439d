// /profile (the account's index): the member's name, phone, NZ address, what they'd like to grow,
// their growing space and their survey answers, saved with one form; and where they grow (their
// town's frost dates, issue 23), which follows the address.
import { data, Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import {
  formValues,
  GROWING_SPACES,
  INTERESTS,
  MESSAGES,
} from "#app/modules/accounts/accounts.schema.ts";
import { AddressFields } from "#app/components/ui/address-fields.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { updateProfile } from "#app/modules/accounts/update-profile.server.ts";
import { findGrowingPlace } from "#app/modules/garden/find-growing-place.server.ts";
import { GrowingPlaceSummary } from "#app/modules/garden/growing-place-summary.tsx";
import type { Route } from "./+types/details";
import {
  readForm,
  said,
  unknownIntent,
  type Answer,
} from "#app/modules/accounts/profile/answer.ts";
import {
  AnswerMessage,
  fieldOf,
  IntentForm,
  Section,
  useAnswer,
} from "#app/modules/accounts/profile/profile-ui.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  const { city, region, state } = profile.address;
  return { profile, growingPlace: findGrowingPlace({ city, region: region ?? state }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { form, intent } = await readForm(request, context);
  if (intent !== "save-profile") return unknownIntent(intent);
  const result = await updateProfile({ userId: user.id, input: formValues(form, ["interests"]) });
  if (result.ok) return said(intent, true, MESSAGES.profileSaved);
  return data<Answer>({
    intent,
    ok: false,
    message: result.message,
    fieldErrors: result.fieldErrors,
  });
}

const LABELS: Record<string, string> = {
  vegetables: "Vegetables",
  herbs: "Herbs",
  fruit: "Fruit",
  flowers: "Flowers",
  "native-plants": "Native plants",
  composting: "Composting",
  balcony: "Balcony or deck",
  courtyard: "Courtyard",
  backyard: "Backyard",
  "raised-beds": "Raised beds",
  indoors: "Indoors",
};

export default function ProfileDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, growingPlace } = loaderData;
  const { busyIntent, forIntent } = useAnswer(actionData);
  const saved = forIntent("save-profile");
  const prefs = profile.preferences;
  const survey = prefs.surveyData;

  return (
    <>
      <Section id="details" title="Your details">
        <IntentForm
          intent="save-profile"
          answer={saved}
          className="flex flex-col gap-5"
          noValidate
          busy={busyIntent === "save-profile"}
          buttonClassName="btn-primary"
          submit={busyIntent === "save-profile" ? "Saving..." : "Save profile"}
        >
          <AnswerMessage answer={saved} errors />
          <FormField
            {...fieldOf(saved, "fullName")}
            label="Full name"
            autoComplete="name"
            defaultValue={profile.fullName ?? ""}
          />
          <FormField
            {...fieldOf(saved, "phone")}
            type="tel"
            label="Phone"
            autoComplete="tel"
            defaultValue={profile.phone ?? ""}
          />
          <AddressFields address={profile.address} errors={saved?.fieldErrors} />
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">What would you like to grow?</legend>
            <div className="grid grid-cols-2 gap-2">
              {INTERESTS.map((i) => (
                <label key={i} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="interests"
                    value={i}
                    defaultChecked={prefs.interests?.includes(i)}
                    className="h-5 w-5 accent-leaf"
                  />
                  {LABELS[i]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField id="growingSpace" label="Growing space">
            <select
              id="growingSpace"
              name="growingSpace"
              defaultValue={prefs.growingSpace?.kind ?? ""}
              className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
            >
              <option value="">Not sure yet</option>
              {GROWING_SPACES.map((g) => (
                <option key={g} value={g}>
                  {LABELS[g]}
                </option>
              ))}
            </select>
          </FormField>
          {survey && Object.keys(survey).length > 0 && (
            <div className="rounded-xl bg-cream px-4 py-3 text-sm">
              <p className="font-semibold">Your survey answers</p>
              <ul className="mt-1">
                {survey.experience && <li>Experience: {survey.experience}</li>}
                {survey.timePerWeek && <li>Time each week: {survey.timePerWeek}</li>}
                {survey.recommendedPlan && <li>Recommended plan: {survey.recommendedPlan}</li>}
              </ul>
            </div>
          )}
        </IntentForm>
      </Section>
      <Section id="where-you-grow" title="Where you grow">
        <GrowingPlaceSummary place={growingPlace} />
        <p className="mt-4">
          <Link to={paths.garden} className="text-leaf underline underline-offset-4">
            Plan your garden
          </Link>{" "}
          with these dates.
        </p>
      </Section>
    </>
  );
}
