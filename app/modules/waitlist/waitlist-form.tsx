// The waitlist form (SPEC §2 waitlist section, §4 waitlist form, §8). A real form post before
// JavaScript loads; afterwards it posts JSON to /api/waitlist, keeps the entry on the device when
// the server can't be reached, and shows the 'You're In!' panel on success. This is the view: the
// state and sending are in use-waitlist-form.ts.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { paths } from "#app/lib/paths.ts";
import { DEFAULT_PLAN_ID } from "#app/modules/subscriptions/plans.ts";
import { JoinedPanel } from "./joined-panel.tsx";
import { useWaitlistForm, type WaitlistOutcome } from "./use-waitlist-form.ts";
import { CONSENT_STATEMENT } from "./waitlist-messages.ts";

export type { WaitlistOutcome } from "./use-waitlist-form.ts";

interface Props {
  /** Where the form is, for the consent record: "/" or "/waitlist". */
  page: string;
  emailPlaceholder: string;
  surveyUrl: string;
  plan?: string;
  /** The server's answer to a form post made before JavaScript loaded. */
  outcome?: WaitlistOutcome;
  idPrefix?: string;
  /** Regions open for subscriptions: choosing one offers 'Start my subscription' instead. */
  openRegions?: readonly string[];
  /** The region already chosen (a plan card's question, issue 39): pre-selected. */
  region?: string;
}

export function WaitlistForm({
  page,
  emailPlaceholder,
  surveyUrl,
  plan,
  outcome,
  idPrefix = "waitlist",
  openRegions = [],
  region: chosenRegion = "",
}: Props) {
  const {
    state,
    region,
    setRegion,
    regionOpen,
    regionSelect,
    errors,
    formError,
    notice,
    survey,
    share,
    panelRef,
    onSubmit,
  } = useWaitlistForm({ page, surveyUrl, plan, outcome, openRegions, chosenRegion });
  const ids = {
    email: `${idPrefix}-email`,
    region: `${idPrefix}-region`,
    emailError: `${idPrefix}-email-error`,
    regionError: `${idPrefix}-region-error`,
  };

  if (state === "joined") {
    return <JoinedPanel panelRef={panelRef} notice={notice} survey={survey} share={share} />;
  }

  const submitting = state === "submitting";
  return (
    <form
      method="post"
      action="/waitlist"
      onSubmit={onSubmit}
      noValidate
      className="rounded-3xl bg-white p-6 shadow-md sm:p-8"
      aria-describedby={formError ? `${idPrefix}-form-error` : undefined}
    >
      <input type="hidden" name="page" value={page} />
      {plan && <input type="hidden" name="plan" value={plan} />}
      {/* The honeypot: the hidden attribute keeps it from people (even before the stylesheet
          loads) and from screen readers; scripts that fill every field are quietly dropped. */}
      <div hidden aria-hidden="true">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {/* Issue 39: a refusal naming fields is the summary (each said at its field too). */}
      <div className={errors.email || errors.region ? "mb-6" : undefined}>
        <ErrorSummary errors={errors} fieldIds={{ email: ids.email, region: ids.region }} />
      </div>
      <Labelled id={ids.email} label="Email" error={errors.email} errorId={ids.emailError}>
        <input
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={outcome?.values?.email}
          placeholder={emailPlaceholder}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? ids.emailError : undefined}
          className="mt-1 block min-h-12 w-full rounded-xl border border-ink/20 bg-cream/40 px-4 text-lg focus:border-leaf"
        />
      </Labelled>
      <Labelled
        id={ids.region}
        label="Region"
        error={errors.region}
        errorId={ids.regionError}
        className="mt-4"
      >
        <select
          id={ids.region}
          name="region"
          required
          defaultValue={outcome?.values?.region ?? chosenRegion}
          ref={regionSelect}
          onChange={(e) => setRegion(e.target.value)}
          aria-invalid={Boolean(errors.region)}
          aria-describedby={errors.region ? ids.regionError : undefined}
          className="mt-1 block min-h-12 w-full rounded-xl border border-ink/20 bg-cream/40 px-3 text-lg focus:border-leaf"
        >
          <RegionOptions />
        </select>
      </Labelled>
      {formError && (
        <p
          id={`${idPrefix}-form-error`}
          role="alert"
          className="mt-4 rounded-xl bg-clay/10 px-4 py-3 text-sm font-medium text-clay-dark"
        >
          {formError}
        </p>
      )}
      {regionOpen ? (
        <div className="mt-6" data-testid="region-open">
          <p role="status" className="rounded-xl bg-leaf/10 px-4 py-3 font-medium">
            Good news: monthly boxes already deliver to {region}. No need to wait.
          </p>
          <Link
            to={paths.subscribe(plan ?? DEFAULT_PLAN_ID)}
            className="btn-primary mt-4 flex w-full justify-center text-lg"
          >
            Start my subscription
          </Link>
        </div>
      ) : (
        <button type="submit" disabled={submitting} className="btn-primary mt-6 w-full text-lg">
          {submitting ? "Joining..." : "Join Waitlist"}
        </button>
      )}
      {regionOpen ? null : <p className="mt-3 text-xs text-ink/75">{CONSENT_STATEMENT}</p>}
    </form>
  );
}

/** A labelled control of the form and its error, which the control names in aria-describedby. */
function Labelled({
  id,
  label,
  error,
  errorId,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-clay-dark">
          {error}
        </p>
      )}
    </div>
  );
}
