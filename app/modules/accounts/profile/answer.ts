// What every /profile child's action answers its page with, one shape for all of them: the intent
// it answers (so each form shows only its own message), and the use-case's outcome in page terms.
// A refused form is answered as a page with its messages (only limits say 429, with Retry-After).
import { data, type RouterContextProvider } from "react-router";
import { outcomeHeaders } from "#app/lib/outcome.ts";
import { formStatusOf } from "#app/lib/respond.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { AccountsOutcome, AccountsSuccess } from "#app/modules/accounts/outcome.ts";

export interface Answer {
  intent: string;
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  passwordProblems?: string[];
  reauth?: boolean;
  phone?: string;
  setup?: { totpUri: string; secret: string; backupCodes: string[] };
  /** A plan change's confirmation step: what it does to the member's swaps, before it is made. */
  confirmPlan?: {
    plan: string;
    size: string;
    price: string;
    kept: string[];
    dropped: string[];
    confirmDrops: string;
  };
}

/** The posted form, its intent, and what the use-cases want to know about the request. */
export async function readForm(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return { form, intent, meta: { request, clientIp: context.get(requestInfo).clientIp } };
}

/** An accounts outcome as the page's data, with extra fields (the number a code went to). */
export function answerData(intent: string, outcome: AccountsOutcome): Answer {
  return outcome.ok
    ? { intent, ok: true, message: outcome.messages.at(-1) }
    : {
        intent,
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        passwordProblems: outcome.passwordProblems,
        reauth: outcome.reauth,
      };
}

export function answer(intent: string, outcome: AccountsOutcome, extra: Partial<Answer> = {}) {
  return data<Answer>(
    { ...answerData(intent, outcome), ...extra },
    { status: formStatusOf(outcome), headers: outcomeHeaders(outcome) },
  );
}

/** The change ended this session (signed out everywhere, account deleted): home, with a toast. */
export function homeWithToast(request: Request, outcome: AccountsSuccess, message: string) {
  return redirectWithToast(
    request,
    "/",
    { type: "success", message },
    { headers: outcomeHeaders(outcome) },
  );
}

/** A plain message, for the use-cases that answer with no accounts outcome. */
export function said(intent: string, ok: boolean, message: string, status = 200) {
  return data<Answer>({ intent, ok, message }, { status });
}

export const unknownIntent = (intent: string) => said(intent, false, "Unknown request.", 400);
