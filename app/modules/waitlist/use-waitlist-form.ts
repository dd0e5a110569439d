// The waitlist form's state: the region chosen (and whether it is already open), the errors, the
// server's notice, the survey and share links, and sending: an entry the server can't be reached
// for is kept on this device and sent again (on the next visit, back online, the tab looked at).
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { showToast } from "#app/components/ui/toasts.tsx";
import {
  contactIdFor,
  flushPendingContacts,
  keepContact,
  USER_ID_KEY,
  type LocalContact,
  type SendOutcome,
} from "./offline-contacts.ts";
import { postContact, type JoinAnswer } from "./post-contact.ts";
import { checkJoinFields, MESSAGES } from "./waitlist-messages.ts";

export interface WaitlistOutcome {
  ok: boolean;
  message?: string;
  fieldErrors?: Partial<Record<"email" | "region", string>>;
  surveyUrl?: string;
  /** The person's share link (ADR 037). */
  shareUrl?: string;
  values?: { email?: string; region?: string };
}

type State = "idle" | "submitting" | "joined";

export function useWaitlistForm({
  page,
  surveyUrl,
  plan,
  outcome,
  openRegions,
  chosenRegion,
}: {
  page: string;
  surveyUrl: string;
  plan?: string;
  outcome?: WaitlistOutcome;
  openRegions: readonly string[];
  chosenRegion: string;
}) {
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
  const panelRef = useRef<HTMLDivElement>(null);

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
      // Fields named: the error summary and the fields say it, not a toast or a line as well.
      if (body.fieldErrors && Object.keys(body.fieldErrors).length > 0) {
        setErrors(body.fieldErrors);
        setFormError(null);
        return;
      }
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
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
      setFormError(null);
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

  return {
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
  };
}
