// The waitlist form (SPEC §2 waitlist section, §4 waitlist form, §8). A real form post before
// JavaScript loads; afterwards it posts JSON to /api/waitlist, keeps the entry on the device when
// the server can't be reached, and shows the 'You're In!' panel on success.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "~/components/toasts";
import { NZ_REGIONS } from "~/lib/nz-regions";
import {
  backoff,
  contactIdFor,
  keepContact,
  markSent,
  pendingContacts,
  RETRY_DELAYS_MS,
  USER_ID_KEY,
  type LocalContact,
} from "./offline-contacts";
import { checkJoinFields, CONSENT_STATEMENT, MESSAGES } from "./waitlist-messages";

export interface WaitlistOutcome {
  ok: boolean;
  message?: string;
  fieldErrors?: Partial<Record<"email" | "region", string>>;
  surveyUrl?: string;
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
}

type State = "idle" | "submitting" | "joined";

export function WaitlistForm({
  page,
  emailPlaceholder,
  surveyUrl,
  plan,
  outcome,
  idPrefix = "waitlist",
}: Props) {
  const [state, setState] = useState<State>(outcome?.ok ? "joined" : "idle");
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
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const ids = {
    email: `${idPrefix}-email`,
    region: `${idPrefix}-region`,
    emailError: `${idPrefix}-email-error`,
    regionError: `${idPrefix}-region-error`,
  };

  const send = useCallback(
    async (contact: LocalContact) => {
      const res = await fetch("/api/waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          id: contact.id,
          email: contact.email,
          region: contact.address.state,
          plan: contact.plan,
          page: contact.page ?? page,
        }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        ok?: boolean;
        message?: string;
        contactId?: string;
        confirmationFailed?: boolean;
        fieldErrors?: Partial<Record<"email" | "region", string>>;
        surveyUrl?: string;
      };
      return { status: res.status, body };
    },
    [page],
  );

  // Entries kept while offline are sent when the connection is back (and on the next visit).
  useEffect(() => {
    let cancelled = false;
    const flush = async () => {
      for (const contact of pendingContacts()) {
        for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !cancelled; attempt++) {
          try {
            const { status, body } = await send(contact);
            if (body.ok) {
              markSent(contact.id);
              void showToast("success", body.message ?? MESSAGES.joined);
            } else if (status >= 400 && status < 500 && status !== 429) {
              markSent(contact.id);
              void showToast("error", body.message ?? MESSAGES.joinFailed);
            } else throw new Error(String(status));
            break;
          } catch {
            await new Promise((r) => setTimeout(r, backoff(attempt)));
          }
        }
      }
    };
    void flush();
    window.addEventListener("online", flush);
    return () => {
      cancelled = true;
      window.removeEventListener("online", flush);
    };
  }, [send]);

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
      const { status, body } = await send({ ...contact });
      if (body.ok) {
        keepContact({ ...contact, id: body.contactId ?? contact.id, pending: false });
        localStorage.setItem(USER_ID_KEY, body.contactId ?? contact.id);
        if (body.surveyUrl) setSurvey(body.surveyUrl);
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
            ? MESSAGES.rateLimited
            : MESSAGES.joinFailed;
      setFormError(message);
      void showToast("error", message);
    } catch {
      // The server couldn't be reached: keep the entry and send it when we're back online.
      keepContact({ ...contact, pending: true });
      setState("idle");
      setFormError(MESSAGES.offline);
      void showToast("info", MESSAGES.offline);
      window.setTimeout(() => window.dispatchEvent(new Event("online")), backoff(0));
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
        <a href={survey} target="_blank" rel="noopener" className="btn-primary mt-6 w-full">
          Complete Survey<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p className="mt-2 text-sm text-ink/70">
          Tell us about your space for custom recommendations
        </p>
        <button
          type="button"
          className="btn mt-3 w-full text-leaf underline-offset-4 hover:underline"
          onClick={() => {
            window.scrollTo({ top: 0 });
            navigate("/");
          }}
        >
          Skip for now
        </button>
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
      <div className="hidden" aria-hidden="true">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div>
        <label htmlFor={ids.email} className="block font-semibold">
          Email
        </label>
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
        {errors.email && (
          <p id={ids.emailError} className="mt-1 text-sm font-medium text-clay-dark">
            {errors.email}
          </p>
        )}
      </div>
      <div className="mt-4">
        <label htmlFor={ids.region} className="block font-semibold">
          Region
        </label>
        <select
          id={ids.region}
          name="region"
          required
          defaultValue={outcome?.values?.region ?? ""}
          aria-invalid={Boolean(errors.region)}
          aria-describedby={errors.region ? ids.regionError : undefined}
          className="mt-1 block min-h-12 w-full rounded-xl border border-ink/20 bg-cream/40 px-3 text-lg focus:border-leaf"
        >
          <option value="">Select your region</option>
          {NZ_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {errors.region && (
          <p id={ids.regionError} className="mt-1 text-sm font-medium text-clay-dark">
            {errors.region}
          </p>
        )}
      </div>
      {formError && (
        <p
          id={`${idPrefix}-form-error`}
          role="alert"
          className="mt-4 rounded-xl bg-clay/10 px-4 py-3 text-sm font-medium text-clay-dark"
        >
          {formError}
        </p>
      )}
      <button type="submit" disabled={submitting} className="btn-primary mt-6 w-full text-lg">
        {submitting ? "Joining..." : "Join Waitlist"}
      </button>
      <p className="mt-3 text-xs text-ink/75">{CONSENT_STATEMENT}</p>
    </form>
  );
}
