// /admin/waitlist (admins only): who is waiting where, the contacts, CSV export, erasure, and
// opening a region for subscriptions, which sends its launch notification (with its progress),
// and launch waves: a region opened a few gardens at a time (ADR 041).
import { data, Form, useNavigation } from "react-router";
import { AdminCard } from "#app/components/ui/admin-card.tsx";
import { RegionSelect, SureCheckbox } from "#app/components/ui/region-select.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { SendRunsTable, useRefreshWhileSending } from "#app/components/send-runs-table.tsx";
import { paths } from "#app/lib/paths.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  deleteContact,
  listContacts,
  readContactFilters,
  waitlistStats,
} from "#app/modules/waitlist/admin-waitlist.server.ts";
import { launchProgress } from "#app/modules/waitlist/notify-region-launch.server.ts";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import { openRegionForSubscriptions } from "#app/flows/open-region.server.ts";
import { WaitlistContacts } from "#app/modules/waitlist/admin-waitlist-contacts.tsx";
import { WaitlistNumbers } from "#app/modules/waitlist/admin-waitlist-numbers.tsx";
import { WaitlistReferrals } from "#app/modules/waitlist/admin-waitlist-referrals.tsx";
import { WaitlistWaves } from "#app/modules/waitlist/admin-waitlist-waves.tsx";
import { listLaunchWaves } from "#app/modules/waitlist/list-launch-waves.server.ts";
import { startLaunchWave } from "#app/modules/waitlist/start-launch-wave.server.ts";
import { settings } from "#app/lib/env.server.ts";
import {
  listCountedReferrals,
  topReferrers,
  voidReferral,
} from "#app/modules/waitlist/void-referral.server.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/waitlist";

export const { meta, handle } = adminPage("Waitlist");

export async function loader({ request }: Route.LoaderArgs) {
  const filters = readContactFilters(await requireAdminQuery(request));
  const [stats, list, launches, openRegions, top, counted, waves] = await Promise.all([
    waitlistStats(),
    listContacts(filters),
    launchProgress(),
    listOpenRegions(),
    topReferrers(),
    listCountedReferrals(),
    listLaunchWaves(),
  ]);
  const claimHours = settings().waveClaimHours;
  return { filters, stats, list, launches, openRegions, top, counted, waves, claimHours };
}

/** A form of the page refused for one of its fields: its error summary and the field say why. */
const refused = (intent: "open" | "start-wave", error: string, field: string) =>
  data<WaitlistAnswer>({ error, intent, fieldErrors: { [field]: error } }, { status: 400 });

/** Why the page refused a form: the form (its intent, when it has its own place) and fields. */
type WaitlistAnswer = { error: string; intent?: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/admin/waitlist${new URL(request.url).search}`;
  if (intent === "delete") {
    if (form.get("confirm") !== "yes")
      return data<WaitlistAnswer>(
        { error: "Tick the box to confirm the deletion." },
        { status: 400 },
      );
    const ok = await deleteContact(String(form.get("id") ?? ""));
    throw await redirectWithToast(
      request,
      back,
      ok
        ? { type: "success", message: "Contact deleted, with their consent records and messages." }
        : { type: "error", message: "That contact was already gone." },
    );
  }
  // Opening a region for subscriptions sends its launch e-mails ("launch" is the older name).
  if (intent === "open" || intent === "launch") {
    if (form.get("confirm") !== "yes")
      return refused("open", "Tick the box to confirm the launch e-mails.", "confirm");
    const result = await openRegionForSubscriptions(String(form.get("region") ?? ""), admin.email);
    if (!result.ok)
      return data<WaitlistAnswer>(
        { error: result.message, intent: "open", fieldErrors: result.fieldErrors },
        { status: 400 },
      );
    throw await redirectWithToast(request, `${paths.adminWaitlist}#launches`, {
      type: result.opened || result.emailsStarted ? "success" : "info",
      message: result.message!,
    });
  }
  if (intent === "start-wave") {
    if (form.get("confirm") !== "yes")
      return refused("start-wave", "Tick the box to confirm the wave's e-mails.", "confirm");
    const result = await startLaunchWave({
      input: { region: form.get("region"), spots: form.get("spots") },
      createdBy: admin.email,
    });
    if (!result.ok)
      return data<WaitlistAnswer>(
        { error: result.message, intent: "start-wave", fieldErrors: result.fieldErrors },
        { status: statusOf(result) },
      );
    throw await redirectWithToast(request, `${paths.adminWaitlist}#waves`, {
      type: result.invited > 0 ? "success" : "info",
      message: result.message!,
    });
  }
  if (intent === "void-referral") {
    const result = await voidReferral(
      { referralId: form.get("referralId"), reason: form.get("reason") },
      admin.email,
    );
    if (!result.ok)
      return data<WaitlistAnswer>({ error: result.message }, { status: statusOf(result) });
    throw await redirectWithToast(request, `${paths.adminWaitlist}#referrals`, {
      type: "success",
      message: "Referral voided: it no longer counts.",
    });
  }
  return data<WaitlistAnswer>({ error: "Unknown action" }, { status: 400 });
}

export default function AdminWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, list, launches, filters, openRegions } = loaderData;
  const busy = useNavigation().state !== "idle";
  // While a launch still has jobs to run, refresh its progress every few seconds. (Counting sent
  // messages alone never ends when someone unsubscribes or is deleted after the fan-out.)
  useRefreshWhileSending(launches);
  const answerTo = (intent: string) =>
    actionData?.intent === intent
      ? { error: actionData.error, fieldErrors: actionData.fieldErrors }
      : undefined;
  const opening = answerTo("open");

  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Waitlist</h1>
      {actionData?.error && !actionData.intent && (
        <p role="alert" className="mt-4 rounded-xl bg-clay/10 px-4 py-3 font-medium text-clay-dark">
          {actionData.error}
        </p>
      )}
      <WaitlistNumbers stats={stats} />

      <AdminCard id="launch-title" anchor="launches" title="Open a region" className="mt-10">
        <p className="mt-1 text-ink/80">
          Opening a region lets people there start a subscription, and sends one launch e-mail, with
          a link to subscribe, to every confirmed, still-subscribed contact there, once each.
        </p>
        <p className="mt-2" data-testid="open-regions">
          <span className="font-semibold">Open for subscriptions: </span>
          {openRegions.length > 0 ? openRegions.join(", ") : "none yet"}
        </p>
        <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
          {opening ? (
            <FormProblems
              error={opening.error}
              fieldErrors={opening.fieldErrors}
              fieldIds={{ region: "open-region", confirm: "open-confirm" }}
              className="w-full"
            />
          ) : null}
          <input type="hidden" name="intent" value="open" />
          <RegionSelect id="open-region" error={opening?.fieldErrors?.region} />
          <SureCheckbox id="open-confirm" error={opening?.fieldErrors?.confirm}>
            I'm sure: this e-mails everyone waiting there
          </SureCheckbox>
          <button type="submit" disabled={busy} className="btn-primary">
            Open region and send launch e-mails
          </button>
        </Form>
        {launches.length > 0 && (
          <SendRunsTable
            runs={launches.map((l) => ({ ...l, key: l.region, label: l.region }))}
            caption="Launches and their progress"
            firstColumn="Region"
            progressLabel={(l) => `${l.label} launch e-mails sent`}
          />
        )}
      </AdminCard>

      <WaitlistWaves
        waves={loaderData.waves}
        claimHours={loaderData.claimHours}
        busy={busy}
        answer={answerTo("start-wave")}
      />

      <WaitlistReferrals top={loaderData.top} counted={loaderData.counted} />
      <WaitlistContacts list={list} filters={filters} />
    </>
  );
}
