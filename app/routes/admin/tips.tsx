// /admin/tips (admins only): preview a month's growing-tips e-mail for each climate zone, see the
// runs so far, and send a month early (once: a month already started shows its progress instead).
import { data, Form, useNavigation } from "react-router";
import { AdminCard } from "#app/components/ui/admin-card.tsx";
import {
  SendRunsTable,
  sendRunProgress,
  useRefreshWhileSending,
} from "#app/components/send-runs-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { fieldAria, FormMessage } from "#app/components/ui/form-field.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  adminTipsOverview,
  PREVIEW_ZONES,
  readTipsChoice,
} from "#app/modules/growing-tips/admin-tips.server.ts";
import { previewTipsEmail } from "#app/modules/growing-tips/compose-tips-email.server.ts";
import { startGrowingTipsRun } from "#app/modules/growing-tips/send-growing-tips.server.ts";
import { formatTipsMonth, isTipsMonth } from "#app/modules/growing-tips/tips-month.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/tips";

export const { meta, handle } = adminPage("Growing tips");

export async function loader({ request }: Route.LoaderArgs) {
  const { month, zone } = readTipsChoice(await requireAdminQuery(request));
  const overview = await adminTipsOverview(month);
  return {
    month,
    zone,
    label: formatTipsMonth(month),
    subject: previewTipsEmail(month, zone).subject,
    previewUrl: `/admin/tips/preview?${new URLSearchParams({ month, zone })}`,
    zones: PREVIEW_ZONES,
    ...overview,
  };
}

/** Why sending was refused, and the field it names (the box to tick), if any. */
type TipsAnswer = { error: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "send")
    return data<TipsAnswer>({ error: "Unknown action" }, { status: 400 });
  const month = String(form.get("month") ?? "");
  if (!isTipsMonth(month))
    return data<TipsAnswer>({ error: "Please choose a month." }, { status: 400 });
  if (form.get("confirm") !== "yes")
    return data<TipsAnswer>(
      {
        error: "Tick the box to confirm sending the tips.",
        fieldErrors: { confirm: "Tick the box to confirm sending the tips." },
      },
      { status: 400 },
    );
  const result = await startGrowingTipsRun(month, admin.email);
  if (!result.ok) return data<TipsAnswer>({ error: result.message }, { status: 400 });
  const label = formatTipsMonth(month);
  const back = `/admin/tips?${new URLSearchParams({ month, zone: String(form.get("zone") ?? "") })}#runs`;
  throw await redirectWithToast(request, back, {
    type: result.started ? "success" : "info",
    message: result.started
      ? `${label} tips are on their way.`
      : `${label} tips were already sent: nothing more was sent.`,
  });
}

/** The preview's month and zone choices. */
const PREVIEW_SELECT = "mt-1 min-h-11 rounded-xl border border-ink/20 px-3";

const dateFormat = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Pacific/Auckland",
});

export default function AdminTips({ loaderData, actionData }: Route.ComponentProps) {
  const { month, zone, label, subject, previewUrl, zones, months, runs } = loaderData;
  const busy = useNavigation().state !== "idle";
  const confirmError = actionData?.fieldErrors?.confirm;
  const run = runs.find((r) => r.month === month);
  // While a run is still sending, refresh its progress every few seconds.
  useRefreshWhileSending(runs);
  const zoneName = zones.find((z) => z.id === zone)?.name ?? zone;

  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Monthly growing tips</h1>
      <p className="mt-2 max-w-2xl text-ink/80">
        At 8am on the 1st of each month (New Zealand time) every confirmed waitlist contact and
        every member who hasn't switched them off gets that month's tips for their climate zone,
        once each. You can preview a month here and send it early.
      </p>

      <AdminCard id="preview-title" title="Preview" className="mt-8">
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <FilterSelect
            name="month"
            label="Month"
            defaultValue={month}
            items={months.map((m) => [m.value, m.label] as const)}
            className={PREVIEW_SELECT}
          />
          <FilterSelect
            name="zone"
            label="Climate zone"
            defaultValue={zone}
            items={zones.map((z) => [z.id, z.name] as const)}
            className={`${PREVIEW_SELECT} max-w-full`}
          />
          <button type="submit" className="btn-secondary">
            Show preview
          </button>
        </Form>
        <p className="mt-5 text-sm text-ink/75">Subject</p>
        <p className="font-semibold" data-testid="tips-subject">
          {subject}
        </p>
        <iframe
          title={`Preview of the ${label} growing-tips e-mail for ${zoneName}`}
          src={previewUrl}
          sandbox=""
          className="mt-3 h-[70vh] min-h-96 w-full rounded-xl border border-ink/10 bg-cream"
        />
        <p className="mt-2 text-sm">
          <a href={previewUrl} target="_blank" rel="noreferrer" className="underline">
            Open the preview on its own
          </a>
        </p>
      </AdminCard>

      <AdminCard id="send-title" anchor="send" title={`Send ${label}`} className="mt-8">
        {run ? (
          <p className="mt-2" data-testid="month-run" data-pending={run.pending}>
            {label} tips were started {dateFormat.format(new Date(run.requestedAt))} by{" "}
            {run.requestedBy}: {sendRunProgress(run)}. Each person gets them once, so there's
            nothing more to send.
          </p>
        ) : (
          <>
            {/* Sending is this page's one action: its refusal is said beside its button; one
                naming the box is the error summary and the box's own message (issue 39). */}
            {actionData?.error && !actionData.fieldErrors && (
              <FormMessage tone="error">{actionData.error}</FormMessage>
            )}
            <Form
              method="post"
              noValidate
              className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center"
            >
              {actionData?.fieldErrors ? (
                <FormProblems
                  fieldErrors={actionData.fieldErrors}
                  fieldIds={{ confirm: "tips-confirm" }}
                  className="w-full"
                />
              ) : null}
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="month" value={month} />
              <input type="hidden" name="zone" value={zone} />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  id="tips-confirm"
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  required
                  className="h-5 w-5 accent-leaf"
                  {...fieldAria("tips-confirm", confirmError)}
                />
                I'm sure: this e-mails every subscriber now, for every zone
              </label>
              {confirmError ? (
                <p id="tips-confirm-error" className="text-sm font-medium text-clay-dark">
                  {confirmError}
                </p>
              ) : null}
              <button type="submit" disabled={busy} className="btn-primary">
                Send {label} tips now
              </button>
            </Form>
          </>
        )}
      </AdminCard>

      <AdminCard id="runs-title" anchor="runs" title="Past runs" className="mt-8">
        {runs.length === 0 ? (
          <p className="mt-2">No tips have been sent yet.</p>
        ) : (
          <SendRunsTable
            runs={runs.map((r) => ({ ...r, key: r.month }))}
            caption="Growing-tips runs and their progress"
            firstColumn="Month"
            progressLabel={(r) => `${r.label} tips sent`}
          />
        )}
      </AdminCard>
    </>
  );
}
