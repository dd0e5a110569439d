// The waitlist form (SPEC §2 waitlist section, §4 waitlist form, §8). A real form post before
// JavaScript loads; afterwards it posts JSON to /api/waitlist, keeps the entry on the device when
// the server can't be reached, and shows the 'You're In!' panel on success.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { paths } from "#app/lib/paths.ts";
import { DEFAULT_PLAN_ID } from "#app/modules/subscriptions/plans.ts";
import {
  contactIdFor,
  flushPendingContacts,
  keepContact,
  USER_ID_KEY,
  type Answer,
  type LocalContact,
  type SendOutcome,
} from "./offline-contacts.ts";
import { solveJoinChallenge, type JoinChallenge, type JoinWork } from "./join-challenge.ts";
import { ShareLink } from "./share-link.tsx";
import { checkJoinFields, CONSENT_STATEMENT, MESSAGES } from "./waitlist-messages.ts";

export interface WaitlistOutcome {
  ok: boolean;
  message?: string;
  fieldErrors?: Partial<Record<"email" | "region", string>>;
  surveyUrl?: string;
  /** The person's share link (ADR 037). */
  shareUrl?: string;
  values?: { email?: string; region?: string };
}

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

type State = "idle" | "submitting" | "joined";

interface JoinAnswer {
  ok?: boolean;
  message?: string;
  contactId?: string;
  confirmationFailed?: boolean;
  fieldErrors?: Partial<Record<"email" | "region", string>>;
  surveyUrl?: string;
  shareUrl?: string;
  /** Many sign-ups from this connection: the proof of work that lets this one through. */
  challenge?: JoinChallenge;
}

/**
 * One attempt; throws when there is no answer (offline, or our server is down). When the server
 * asks for a proof of work (a busy shared connection), it is done here and the entry sent again.
 */
async function postContact(
  contact: LocalContact,
  page: string,
  honeypot?: string,
): Promise<Answer<JoinAnswer>> {
  const post = async (work?: JoinWork) => {
    const res = await fetch("/api/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        id: contact.id,
        email: contact.email,
        region: contact.address.state,
        plan: contact.plan,
        page: contact.page ?? page,
        website: honeypot,
        work,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as JoinAnswer;
    return { status: res.status, body };
  };
  const answer = await post();
  if (answer.status !== 429 || !answer.body.challenge) return answer;
  const work = await solveJoinChallenge(answer.body.challenge, contact.email);
  return work ? post(work) : answer;
}

/** SPEC §2: 'Skip for now' scrolls to the top, then goes to /. */
function scrollToTop(): Promise<void> {
  if (window.scrollY === 0) return Promise.resolve();
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    window.scrollTo({ top: 0, behavior: "auto" });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("scroll", atTop);
      window.clearTimeout(timer);
      resolve();
    };
    // Not scrollend: one left over from an earlier scroll may arrive first.
    const atTop = () => {
      if (window.scrollY <= 0) done();
    };
    // A scroll the person interrupts (or a browser that doesn't animate it) still goes on.
    const timer = window.setTimeout(done, 1_500);
    window.addEventListener("scroll", atTop, { passive: true });
    window.scrollTo({ top: 0, behavior: "smooth" });
  });
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
  const [state, setState] = useState<State>(outcome?.ok ? "joined" : "idle");
  const [region, setRegion] = useState(outcome?.values?.region ?? chosenRegion);
  const regionOpen = region !== "" && openRegions.includes(region);
  // A region chosen before the page's script ran counts too.
  const regionSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (regionSelect.current?.value) setRegion(regionSelect.current.value);
  }, []);
  const [errors, setErrors] = useState(outcome?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(
    outcome && !outcome.ok && !outcome.fieldErrors?.email && !outcome.fieldErrors?.region
      ? (outcome.message ?? null)
      : null,
  );
  const [notice, setNotice] = useState<string | null>(
    outcome?.ok ? (outcome.message ?? null) : null,
  );
  const [survey, setSurvey] = useState(outcome?.surveyUrl ?? surveyUrl);
  const [share, setShare] = useState(outcome?.shareUrl);
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const ids = {
    email: `${idPrefix}-email`,
    region: `${idPrefix}-region`,
    emailError: `${idPrefix}-email-error`,
    regionError: `${idPrefix}-region-error`,
  };

  const send = useCallback((contact: LocalContact) => postContact(contact, page), [page]);

  // How a kept entry's sending ended, told to the person.
  const report = useCallback((contact: LocalContact, outcome: SendOutcome<JoinAnswer>) => {
    if (outcome.kind === "accepted") {
      const { body } = outcome.answer;
      localStorage.setItem(USER_ID_KEY, body.contactId ?? contact.id);
      if (body.surveyUrl) setSurvey(body.surveyUrl);
      if (body.shareUrl) setShare(body.shareUrl);
      setFormError(null);
      setNotice(body.message ?? MESSAGES.joined);
      void showToast(
        body.confirmationFailed ? "warning" : "success",
        body.message ?? MESSAGES.joined,
      );
      setState("joined");
    } else if (outcome.kind === "refused") {
      const { status, body } = outcome.answer;
      if (body.fieldErrors && Object.keys(body.fieldErrors).length > 0) setErrors(body.fieldErrors);
      const message = body.message ?? (status === 429 ? MESSAGES.rateLimited : MESSAGES.joinFailed);
      setFormError(message);
      void showToast("error", message);
    } else if (outcome.kind === "unreachable") {
      setFormError(MESSAGES.stillOffline);
      void showToast("info", MESSAGES.stillOffline);
    }
  }, []);

  // Entries kept on this device are sent on the next visit, when the connection is back, and when
  // the tab is looked at again (the network may have been fine while our server was down).
  useEffect(() => {
    const flush = () => void flushPendingContacts(send, report);
    const onVisible = () => {
      if (document.visibilityState === "visible") flush();
    };
    flush();
    window.addEventListener("online", flush);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", flush);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [send, report]);

  useEffect(() => {
    if (state === "joined") panelRef.current?.focus();
  }, [state]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === "submitting") return;
    const form = new FormData(event.currentTarget);
    const values = {
      email: String(form.get("email") ?? ""),
      region: String(form.get("region") ?? "") || undefined,
      plan: plan || undefined,
      website: String(form.get("website") ?? "") || undefined,
    };
    const found = checkJoinFields(values);
    if (found.email || found.region) {
      setErrors(found);
      return;
    }
    const parsed = {
      data: { email: values.email.trim().toLowerCase(), region: values.region!, plan: values.plan },
    };
    setErrors({});
    setFormError(null);
    setState("submitting");
    const contact: LocalContact = {
      // Stable per address on this device, so a retried submission is recognised as the same one.
      id: contactIdFor(parsed.data.email),
      email: parsed.data.email,
      address: { state: parsed.data.region, country: "New Zealand" },
      plan: parsed.data.plan,
      source: "waitlist_page",
      timestamp: new Date().toISOString(),
      page,
    };
    try {
      const { status, body } = await postContact({ ...contact }, page, values.website);
      if (body.ok) {
        keepContact({ ...contact, id: body.contactId ?? contact.id, pending: false });
        localStorage.setItem(USER_ID_KEY, body.contactId ?? contact.id);
        if (body.surveyUrl) setSurvey(body.surveyUrl);
        if (body.shareUrl) setShare(body.shareUrl);
        setNotice(body.message ?? MESSAGES.joined);
        void showToast(
          body.confirmationFailed ? "warning" : "success",
          body.message ?? MESSAGES.joined,
        );
        setState("joined");
        return;
      }
      setState("idle");
      if (status === 400 && body.fieldErrors && Object.keys(body.fieldErrors).length > 0) {
        setErrors(body.fieldErrors);
        return;
      }
      const message =
        status === 503
          ? MESSAGES.saveFailed
          : status === 429
            ? (body.message ?? MESSAGES.rateLimited)
            : MESSAGES.joinFailed;
      setFormError(message);
      void showToast("error", message);
    } catch {
      // The server couldn't be reached: keep the entry, and retry it (3 times, 1 s to 30 s apart).
      keepContact({ ...contact, pending: true });
      setState("idle");
      setFormError(MESSAGES.offline);
      void showToast("info", MESSAGES.offline);
      void flushPendingContacts(send, report, { justFailed: contact.id });
    }
  }

  if (state === "joined") {
    return (
      <div
        ref={panelRef}
        tabIndex={-1}
        role="status"
        className="animate-[joined_0.5s_ease-out] rounded-3xl bg-white p-8 text-center shadow-md outline-none"
        data-testid="joined-panel"
      >
        <div
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-sprout/30 text-leaf"
          aria-hidden="true"
        >
          <svg width="28" height="28" viewBox="0 0 20 20">
            <path
              d="M4 10.5 8 14l8-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h3 className="mt-4 text-3xl font-bold">You're In!</h3>
        <p className="mt-2 text-lg text-ink/80">
          We'll notify you when the product launches in your area.
        </p>
        {notice && <p className="mt-2 text-sm text-ink/70">{notice}</p>}
        {notice === MESSAGES.joinedWithEmail && (
          <p className="mt-1 text-sm text-ink/70">{MESSAGES.emailOnItsWay}</p>
        )}
        <a href={survey} target="_blank" rel="noopener" className="btn-primary mt-6 w-full">
          Complete Survey<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p className="mt-2 text-sm text-ink/70">
          Tell us about your space for custom recommendations
        </p>
        {share && (
          <ShareLink
            url={share}
            note="Each friend who joins through it counts once they confirm their e-mail, and moves you up your region's list."
          />
        )}
        {/* A link, so it also works on the panel the server sends after a post without JavaScript. */}
        <Link
          to="/"
          className="btn mt-3 w-full text-leaf underline-offset-4 hover:underline"
          onClick={(event) => {
            const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
            if (event.button !== 0 || modified) return; // a new tab or window: the browser's own
            event.preventDefault();
            void scrollToTop().then(() => navigate("/"));
          }}
        >
          Skip for now
        </Link>
      </div>
    );
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
