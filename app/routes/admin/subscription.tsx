// /admin/subscriptions/{id} (admins only, issue 21): one subscription: the member, plan, status,
// address and delivery week, its boxes, charges and history (./subscription-records.tsx), and the
// admin's actions: skip the next box, pause for 1 to 3 months, cancel, refund a paid box, and for a
// member on the phone (issue 40) change plan, address or week, swap an item in the next box and
// grant a goodwill credit (app/modules/subscriptions/admin/). Each is a form post through the
// member's own use-cases (or the refund flow), in the history with the admin's name, e-mailed to
// the member, confirmed with a toast; a refused one is this page with its words and 4xx status.
import { randomUUID } from "node:crypto";
import { data, useNavigation } from "react-router";
import { refundSubscriptionBox } from "#app/flows/refund-subscription-box.server.ts";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import {
  AdminChangeForms,
  type AdminChangeAnswer,
} from "#app/modules/subscriptions/admin/admin-change-forms.tsx";
import {
  adminChangeOptions,
  makeAdminChange,
} from "#app/modules/subscriptions/admin/admin-changes.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { adminChangeRequest } from "#app/modules/subscriptions/admin-change-request.server.ts";
import {
  adminActionSchema,
  isAdminChange,
  SUBSCRIPTION_STATUS_LABELS,
} from "#app/modules/subscriptions/admin-subscriptions.schema.ts";
import {
  DELIVERY_WEEK_LABELS,
  formatBoxDate,
  type DeliveryWeek,
} from "#app/modules/subscriptions/box-dates.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import type { ChangeOutcome } from "#app/modules/subscriptions/change-subscription.server.ts";
import type { BoxChangeOutcome } from "#app/modules/subscriptions/next-box.server.ts";
import { getAdminSubscription } from "#app/modules/subscriptions/get-admin-subscription.server.ts";
import { CANCEL_REASONS, PAUSE_MONTHS } from "#app/modules/subscriptions/manage.schema.ts";
import { pauseSubscription } from "#app/modules/subscriptions/pause-subscription.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import { NotesPanel } from "#app/modules/notes/notes-panel.tsx";
import { noteInput } from "#app/modules/notes/notes.schema.ts";
import { addNote, listNotes } from "#app/modules/notes/notes.server.ts";
import { ActError, ActForm } from "#app/components/admin/act-form.tsx";
import { adminMeta, underList } from "#app/components/admin/admin-page.ts";
import {
  BoxesTable,
  ChargesTable,
  HistoryList,
} from "#app/modules/subscriptions/subscription-records.tsx";
import type { Route } from "./+types/subscription";

export const meta = () => adminMeta("Subscription");

export const handle = underList(
  "subscriptions",
  (data: { subscription: { name: string } }) => data.subscription.name,
);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getAdminSubscription({ id: params.id });
  if (!found) throw data(null, { status: 404 });
  const notes = await listNotes([
    { type: "subscription", id: found.subscription.id },
    { type: "member", id: found.subscription.userId },
  ]);
  const changes = await adminChangeOptions(found.subscription, { inSeason: boxItemInSeason });
  // Made for this page view: a doubled or retried submit of its forms changes once.
  return { ...found, notes, changes, requestKey: randomUUID() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") === "note") {
    const found = await getAdminSubscription({ id: params.id });
    if (!found) throw data(null, { status: 404 });
    const s = found.subscription;
    const added = await addNote(noteInput(formData), admin.email, [
      `subscription:${s.id}`,
      `member:${s.userId}`,
    ]);
    return respond(
      request,
      added,
      {
        intent: "note",
        error: added.ok ? null : added.message,
        ...(added.ok ? {} : { fieldErrors: added.fieldErrors }),
      },
      { redirectTo: paths.adminSubscription(params.id) },
    );
  }
  const form = Object.fromEntries(formData);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const answer = (
    outcome: ChangeOutcome | BoxChangeOutcome,
    more: Partial<AdminChangeAnswer> = {},
  ) =>
    respond(
      request,
      outcome.ok && ("changed" in outcome ? outcome.changed : true) && intent !== "refund"
        ? { ...outcome, message: `Done, and e-mailed to the member: "${outcome.message}"` }
        : outcome,
      {
        intent,
        error: outcome.ok ? null : outcome.message,
        ...(outcome.ok ? {} : { fieldErrors: outcome.fieldErrors }),
        ...more,
      } satisfies AdminChangeAnswer,
      { redirectTo: paths.adminSubscription(params.id) },
    );
  const who = await adminChangeRequest({ subscriptionId: params.id, adminEmail: admin.email });
  if (!who) throw data(null, { status: 404 });
  if (isAdminChange(intent)) {
    const made = await makeAdminChange(
      intent,
      formData,
      { ...who, subscriptionId: params.id, adminId: admin.id },
      boxItemInSeason,
    );
    // A plan change that touches the member's swaps is confirmed first; nothing has changed.
    if (made.confirmPlan && made.ok)
      return data<AdminChangeAnswer>({ intent, error: null, confirmPlan: made.confirmPlan });
    const { confirmPlan, ...outcome } = made;
    return answer(outcome, { confirmPlan });
  }
  const parsed = adminActionSchema.safeParse(form);
  if (!parsed.success)
    return answer(failure("invalid", parsed.error.issues[0]?.message ?? "Choose an action."));
  const input = parsed.data;
  switch (input.intent) {
    case "skip":
      return answer(await skipNextBox({ requestKey: input.requestKey }, who));
    case "pause":
      return answer(
        await pauseSubscription({ requestKey: input.requestKey, pauseFor: input.pauseFor }, who),
      );
    case "cancel":
      return answer(
        await cancelSubscription({ requestKey: input.requestKey, reason: input.reason }, who),
      );
    case "refund":
      return answer(
        await refundSubscriptionBox({
          subscriptionId: params.id,
          boxId: input.boxId,
          requestKey: input.requestKey,
          adminEmail: admin.email,
        }),
      );
  }
}

const panel = "rounded-2xl bg-white p-5 shadow-sm";
const control = "mt-1 min-h-11 rounded-xl border border-ink/20 bg-white px-3 py-2";

export default function AdminSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription: s, boxes, charges, history, requestKey } = loaderData;
  const busy = useNavigation().state === "submitting";
  const plan = plans.find((p) => p.id === s.plan);
  const a = s.address;
  const running = s.status === "active" || s.status === "paused" || s.status === "past_due";
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold [overflow-wrap:anywhere]">{s.name}</h1>
      <p className="mt-2 text-lg" data-testid="subscription-status">
        {SUBSCRIPTION_STATUS_LABELS[s.status]}
        {s.pausedUntil ? ` until ${formatBoxDate(s.pausedUntil)}` : ""}
      </p>
      <ActError
        error={
          actionData?.intent === "note" || isAdminChange(actionData?.intent ?? "")
            ? null
            : actionData?.error
        }
      />
      <section className={`mt-6 grid gap-4 [overflow-wrap:anywhere] sm:grid-cols-2 ${panel}`}>
        <div className="min-w-0">
          <h2 className="text-xl font-bold">Member</h2>
          <p className="mt-2">
            {s.name}
            <br />
            <a href={`mailto:${s.email}`} className="break-all underline">
              {s.email}
            </a>
          </p>
          <h2 className="mt-4 text-xl font-bold">Plan</h2>
          <p className="mt-2">
            {plan?.size ?? s.plan} · {formatMoney(s.price, s.currency)} a month
            <br />
            {s.cardLabel ?? "No card"} ({s.paymentProvider})
          </p>
        </div>
        <div>
          <h2 className="text-xl font-bold">Delivery</h2>
          <p className="mt-2">
            {[a.street, a.suburb, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(", ")}
            {a.rural ? " (RD)" : ""}
            <br />
            Region: {s.region}
            <br />
            {DELIVERY_WEEK_LABELS[s.deliveryWeek as DeliveryWeek] ?? `Week ${s.deliveryWeek}`}
            <br />
            Current box: week starting {formatBoxDate(s.nextBoxOn)}
          </p>
        </div>
      </section>

      {running ? (
        <section className={`mt-6 ${panel}`} aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="text-xl font-bold">
            Act for the member
          </h2>
          <p className="mt-1 text-sm text-ink/75">
            Each change is e-mailed to the member and kept in the history with your name.
          </p>
          <div className="mt-4 flex flex-wrap items-end gap-6">
            <ActForm intent="skip" submit="Skip the next box" requestKey={requestKey} busy={busy} />
            <ActForm intent="pause" submit="Pause" requestKey={requestKey} busy={busy}>
              <FilterSelect
                name="pauseFor"
                label="Pause for"
                defaultValue="1"
                items={PAUSE_MONTHS.map((m) => [m, m === "1" ? "1 month" : `${m} months`] as const)}
                className={control}
              />
            </ActForm>
            <ActForm
              intent="cancel"
              submit="Cancel the subscription"
              requestKey={requestKey}
              busy={busy}
            >
              <FilterSelect
                name="reason"
                label="Member's reason"
                defaultValue="other"
                items={Object.entries(CANCEL_REASONS)}
                className={control}
              />
            </ActForm>
          </div>
          <p className="mt-3 text-sm text-ink/75">
            Cancelling ends the subscription after its paid period: a box already paid for still
            comes.
          </p>
          <h3 className="mt-6 text-lg font-bold">Change for the member</h3>
          <AdminChangeForms
            subscriptionId={s.id}
            options={loaderData.changes}
            requestKey={requestKey}
            busy={busy}
            answer={actionData}
          />
        </section>
      ) : null}

      <BoxesTable boxes={boxes} requestKey={requestKey} busy={busy} />
      <ChargesTable charges={charges} currency={s.currency} />
      <HistoryList history={history} />
      <NotesPanel
        notes={loaderData.notes}
        record={{ type: "subscription", id: s.id }}
        memberId={s.userId}
        requestKey={requestKey}
        error={actionData?.intent === "note" ? actionData.error : null}
        fieldErrors={actionData?.intent === "note" ? actionData.fieldErrors : null}
      />
    </>
  );
}
