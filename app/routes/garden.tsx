// /garden (issue 23): the garden editor. Anyone can plan a box (kept in their browser); a signed-in
// member's plan starts from their saved one or their subscription's box, uses their town's frost
// dates, and saves to their account through this page's action; below the schedule, the seedlings
// of their shipped boxes to place in the plan and their harvest log (ADR 042), and at the season's
// end the suggested next season's plan that rotates families (ADR 045).
import { Form, Link, useNavigation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { EducationToolHeader } from "#app/modules/guidance/education-tool-header.tsx";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import {
  BoxSeedlingsView,
  PLACE_SEEDLINGS_INTENT,
  type BoxSeedlingsData,
} from "#app/modules/garden/box-seedlings-view.tsx";
import { deleteHarvest } from "#app/modules/garden/delete-harvest.server.ts";
import { findGrowingPlace } from "#app/modules/garden/find-growing-place.server.ts";
import { GardenEditor } from "#app/modules/garden/garden-editor.tsx";
import { schedulePage } from "#app/modules/garden/garden-schedule.ts";
import {
  GardenScheduleView,
  SCHEDULE_WEEKS,
  type GardenScheduleData,
} from "#app/modules/garden/garden-schedule-view.tsx";
import { BOX_GRIDS, BOX_SIZES, type BoxSize } from "#app/modules/garden/garden.schema.ts";
import { listGardenTemplates, planPlantIds } from "#app/modules/garden/garden-templates.server.ts";
import { getBoxSeedlings } from "#app/modules/garden/get-box-seedlings.server.ts";
import { getGarden } from "#app/modules/garden/get-garden.server.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import { getHarvestLog } from "#app/modules/garden/get-harvest-log.server.ts";
import { earliestHarvestDay } from "#app/modules/garden/harvest-log.ts";
import {
  HARVEST_INTENTS,
  HarvestLogView,
  type HarvestAnswer,
  type HarvestLogData,
} from "#app/modules/garden/harvest-log-view.tsx";
import { acceptNextSeason } from "#app/modules/garden/accept-next-season.server.ts";
import { nextSeasonData } from "#app/modules/garden/next-season.ts";
import {
  NEXT_SEASON_INTENT,
  NEXT_SEASON_QUERY,
  NextSeasonView,
} from "#app/modules/garden/next-season-view.tsx";
import { placeBoxSeedlings } from "#app/modules/garden/place-box-seedlings.server.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import { recordHarvest } from "#app/modules/garden/record-harvest.server.ts";
import { readPlanField, saveGarden } from "#app/modules/garden/save-garden.server.ts";
import { isoDate, todayInNewZealand } from "#app/modules/guidance/new-zealand-date.ts";
import { getMemberPlanId } from "#app/modules/subscriptions/get-member-plan.server.ts";
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
      harvest: null as HarvestLogData | null,
      boxSeedlings: null as BoxSeedlingsData | null,
      nextSeason: null as ReturnType<typeof nextSeasonData>,
      hasSubscription: false,
    };
  }
  const [profile, garden, schedule, log, boxSeedlings, subscriptionPlan] = await Promise.all([
    getProfile(user.id),
    getGarden(user.id),
    getGardenSchedule({ userId: user.id, today: nzToday }),
    getHarvestLog({ userId: user.id, today }),
    getBoxSeedlings({ userId: user.id, today }),
    getMemberPlanId(user.id),
  ]);
  const planted = new Set(garden.plan?.squares.flat() ?? []);
  const named = library.map((p): [string, string] => [p.id, p.name]);
  const harvest: HarvestLogData = {
    today,
    earliest: earliestHarvestDay(today),
    inPlan: named.filter(([id]) => planted.has(id)),
    others: named.filter(([id]) => !planted.has(id)),
    ...log,
  };
  const { city, region, state } = profile.address;
  const place = findGrowingPlace({ city, region: region ?? state });
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
    place,
    schedule: yourSchedule,
    harvest,
    boxSeedlings,
    nextSeason: nextSeasonData(
      garden.plan,
      loadPlantLibrary(),
      {
        today,
        frost: place.frost,
        asked: new URL(request.url).searchParams.get(NEXT_SEASON_QUERY) === "1",
      },
      BOX_GRIDS[garden.plan?.boxSize ?? "1m2"].columns,
    ),
    hasSubscription: subscriptionPlan !== null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const today = isoDate(todayInNewZealand());
  if (intent === HARVEST_INTENTS.add) {
    const fields = {
      plantId: form.get("plantId"),
      pickedOn: form.get("pickedOn"),
      amount: form.get("amount"),
      grams: form.get("grams") ?? "",
      note: form.get("note") ?? "",
    };
    const outcome = await recordHarvest({ userId: user.id, form: fields, today });
    const values = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
    );
    return respond<HarvestAnswer>(
      request,
      outcome,
      { intent, ...outcome, values: outcome.ok ? undefined : values },
      { redirectTo: `${paths.garden}#harvest-log` },
    );
  }
  if (intent === HARVEST_INTENTS.remove) {
    const outcome = await deleteHarvest({ userId: user.id, harvestId: form.get("harvestId") });
    return respond<HarvestAnswer>(
      request,
      outcome,
      { intent, ...outcome },
      { redirectTo: `${paths.garden}#harvest-log` },
    );
  }
  if (intent === PLACE_SEEDLINGS_INTENT) {
    const outcome = await placeBoxSeedlings({ userId: user.id, today });
    return respond<HarvestAnswer>(
      request,
      outcome,
      { intent, ok: outcome.ok, message: outcome.message },
      { redirectTo: paths.garden },
    );
  }
  if (intent === NEXT_SEASON_INTENT) {
    const outcome = await acceptNextSeason({ userId: user.id, basis: form.get("basis") });
    return respond<HarvestAnswer>(
      request,
      outcome,
      { intent, ok: outcome.ok, message: outcome.message },
      { redirectTo: `${paths.garden}#next-season` },
    );
  }
  const result = await saveGarden({ userId: user.id, plan: readPlanField(form.get("plan")) });
  return respond(
    request,
    result,
    result.ok
      ? { ok: true, message: "Saved to your account." }
      : { ok: false, message: result.message },
  );
}

export default function Garden({ loaderData, actionData }: Route.ComponentProps) {
  const { place } = loaderData;
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formAction === paths.garden;
  const postingIntent = posting ? String(navigation.formData?.get("intent") ?? "") : null;
  const saving = postingIntent === "";
  // The plan's save answers without an intent; the other forms with theirs.
  const saved = actionData && !("intent" in actionData) ? actionData : undefined;
  const answer = actionData && "intent" in actionData ? (actionData as HarvestAnswer) : undefined;
  const plantNames = new Map(loaderData.library.map((p) => [p.id, p.name]));
  /** A one-button card's plant names, its answer (only to its own intent) and whether its form
   * is being sent. */
  const cardProps = (intent: string) => ({
    names: plantNames,
    answer: answer?.intent === intent ? answer : undefined,
    busy: postingIntent === intent,
  });
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28 print:p-0">
      <EducationToolHeader title="Plan your garden">
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
      </EducationToolHeader>
      <div className="mt-8 max-w-4xl">
        <GardenEditor
          // A plan saved elsewhere (box seedlings placed) starts the editor again from it.
          key={JSON.stringify(loaderData.plan?.squares ?? null)}
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
                {saved && (
                  <p role={saved.ok ? "status" : "alert"} className="text-sm">
                    {saved.message}
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
      {loaderData.boxSeedlings && (
        <div className="mt-8 max-w-4xl empty:hidden">
          <BoxSeedlingsView data={loaderData.boxSeedlings} {...cardProps(PLACE_SEEDLINGS_INTENT)} />
        </div>
      )}
      {loaderData.nextSeason && (
        <div className="mt-8 max-w-4xl">
          <NextSeasonView
            data={loaderData.nextSeason}
            {...cardProps(NEXT_SEASON_INTENT)}
            hasSubscription={loaderData.hasSubscription}
          />
        </div>
      )}
      {loaderData.harvest && (
        <div className="mt-8 max-w-4xl">
          <HarvestLogView
            data={loaderData.harvest}
            answer={answer}
            busy={postingIntent === HARVEST_INTENTS.add}
          />
        </div>
      )}
    </div>
  );
}
