// /garden (issue 23): the garden editor. Anyone can plan a box (kept in their browser); a signed-in
// member's plan starts from their saved one or their subscription's box, uses their town's frost
// dates, and saves to their account through this page's action.
import { data, Form, Link, useNavigation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { findGrowingPlace } from "#app/modules/garden/find-growing-place.server.ts";
import { GardenEditor } from "#app/modules/garden/garden-editor.tsx";
import { schedulePage } from "#app/modules/garden/garden-schedule.ts";
import {
  GardenScheduleView,
  SCHEDULE_WEEKS,
  type GardenScheduleData,
} from "#app/modules/garden/garden-schedule-view.tsx";
import { BOX_SIZES, type BoxSize } from "#app/modules/garden/garden.schema.ts";
import { listGardenTemplates, planPlantIds } from "#app/modules/garden/garden-templates.server.ts";
import { getGarden } from "#app/modules/garden/get-garden.server.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import { readPlanField, saveGarden } from "#app/modules/garden/save-garden.server.ts";
import { isoDate, todayInNewZealand } from "#app/modules/guidance/new-zealand-date.ts";
import type { Route } from "./+types/garden";

export const meta = staticPageMeta("/garden");

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await getCurrentUser(request);
  const library = loadPlantLibrary().map(({ sources: _s, howTo: _h, ...plant }) => plant);
  const boxPlants = Object.fromEntries(BOX_SIZES.map((s) => [s, planPlantIds(s)])) as Record<
    BoxSize,
    string[]
  >;
  const shared = { library, templates: listGardenTemplates(), boxPlants };
  const nzToday = todayInNewZealand();
  const today = isoDate(nzToday);
  if (!user) {
    return {
      ...shared,
      today,
      signedIn: false,
      plan: null,
      boxSize: "1m2" as BoxSize,
      place: findGrowingPlace({}),
      schedule: { kind: "signed-out" } as GardenScheduleData,
    };
  }
  const [profile, garden, schedule] = await Promise.all([
    getProfile(user.id),
    getGarden(user.id),
    getGardenSchedule({ userId: user.id, today: nzToday }),
  ]);
  const { city, region, state } = profile.address;
  const yourSchedule: GardenScheduleData =
    schedule.kind === "schedule"
      ? {
          kind: "schedule",
          where: schedule.place.town
            ? `${schedule.place.town.name}'s frost dates`
            : `the ${schedule.place.zone.name.toLowerCase()} calendar`,
          plants: schedule.plants,
          page: schedulePage(schedule.tasks, nzToday, SCHEDULE_WEEKS),
        }
      : { kind: schedule.kind };
  return {
    ...shared,
    today,
    signedIn: true,
    plan: garden.plan,
    boxSize: garden.boxSize ?? ("1m2" as BoxSize),
    place: findGrowingPlace({ city, region: region ?? state }),
    schedule: yourSchedule,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const result = await saveGarden({ userId: user.id, plan: readPlanField(form.get("plan")) });
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 400 });
  return { ok: true, message: "Saved to your account." };
}

export default function Garden({ loaderData, actionData }: Route.ComponentProps) {
  const { place } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === paths.garden;
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28 print:p-0">
      <header className="max-w-3xl print:hidden">
        <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
          <Link to={paths.education} className="underline-offset-4 hover:text-leaf hover:underline">
            Education
          </Link>
        </nav>
        <h1 className="mt-4 text-4xl font-bold sm:text-5xl">Plan your garden</h1>
        <p className="mt-4 text-lg text-ink/80">
          Your box as squares of about 30 cm. Place plants from our library of{" "}
          {loaderData.library.length}, see how many fit in each square, and we&apos;ll warn you
          about neighbours that don&apos;t get on and plants that are out of season.
        </p>
        <p className="mt-2 text-ink/80">
          {place.town
            ? `Seasons and frosts for ${place.town.name} (${place.zone.name.toLowerCase()}).`
            : `Seasons for the ${place.zone.name.toLowerCase()} climate.`}{" "}
          {loaderData.signedIn ? (
            <Link to={paths.profile} className="text-leaf underline underline-offset-4">
              Where you grow
            </Link>
          ) : (
            "Sign in to use your own town's frost dates."
          )}
        </p>
      </header>
      <div className="mt-8 max-w-4xl">
        <GardenEditor
          library={loaderData.library}
          templates={loaderData.templates}
          boxPlants={loaderData.boxPlants}
          initialPlan={loaderData.plan}
          initialBoxSize={loaderData.boxSize}
          zone={place.zone.id}
          frost={place.frost}
          today={loaderData.today}
          saveSlot={(plan) =>
            loaderData.signedIn ? (
              <Form method="post" action={paths.garden} className="flex flex-col gap-2">
                <input type="hidden" name="plan" value={JSON.stringify(plan)} />
                <button type="submit" className="btn-primary min-h-11 self-start" disabled={saving}>
                  {saving ? "Saving..." : "Save to my account"}
                </button>
                {actionData && (
                  <p role={actionData.ok ? "status" : "alert"} className="text-sm">
                    {actionData.message}
                  </p>
                )}
              </Form>
            ) : (
              <p className="text-sm text-ink/80">
                Your plan is kept in this browser.{" "}
                <Link
                  to={`${paths.login}?redirectTo=${encodeURIComponent(paths.garden)}`}
                  className="text-leaf underline underline-offset-4"
                >
                  Sign in
                </Link>{" "}
                to keep it in your account.
              </p>
            )
          }
        />
      </div>
      <div className="mt-8 max-w-4xl">
        <GardenScheduleView data={loaderData.schedule} />
      </div>
    </div>
  );
}
