// What every sign-in mode's loader and action share: sending a signed-in person on, reading the
// posted form, and answering an accounts outcome the same way everywhere (a redirect carrying the
// toast when there is one message and somewhere to go, so it works without JavaScript; otherwise
// the page with its messages, field errors and Retry-After).
import { data, redirect, type RouterContextProvider } from "react-router";
import { socialProviders } from "#app/modules/accounts/start-social-sign-in.server.ts";
import { cookieHeaders, outcomeHeaders } from "#app/lib/outcome.ts";
import { formStatusOf } from "#app/lib/respond.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { redirectWithToast, toastCookie } from "#app/lib/toast.server.ts";
import { formValues, safeRedirect } from "#app/modules/accounts/accounts.schema.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { memberHintCookie } from "#app/modules/accounts/header-user.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";
import { startSocialSignIn } from "#app/modules/accounts/start-social-sign-in.server.ts";
import { movedMode, type AuthMode } from "./auth-paths.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import type { ActionAnswer } from "./auth-ui.tsx";

/** Where the page was asked to send the person afterwards ("" when nowhere in particular). */
export function redirectToOf(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
}

/**
 * The loader of a page for the signed out. Signed in already: on their way, with the member hint,
 * so a public page shows who they are (a session older than the hint may not have it yet).
 * `?reauth=1` is a signed-in person confirming who they are before a sensitive change, so it stays.
 */
export async function signedOutPage({
  request,
}: {
  request: Request;
}): Promise<{ redirectTo: string }> {
  const redirectTo = redirectToOf(request);
  if (new URL(request.url).searchParams.has("reauth")) return { redirectTo };
  const { user } = await getCurrentUser(request);
  if (user)
    throw redirect(redirectTo || "/", {
      headers: {
        "Set-Cookie": memberHintCookie(true, settings().siteUrl.startsWith("https:")),
      },
    });
  return { redirectTo };
}

/** A posted form, in the shape the accounts use-cases take (`input`, `meta`, `redirectTo`). */
export interface Posted {
  intent: string;
  input: Record<string, unknown>;
  meta: RequestMeta;
  redirectTo: string;
  form: FormData;
}

export async function readPosted(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Posted> {
  const form = await request.formData();
  return {
    form,
    intent: String(form.get("intent") ?? ""),
    input: formValues(form),
    meta: { request, clientIp: context.get(requestInfo).clientIp },
    redirectTo: safeRedirect(String(form.get("redirectTo") ?? ""), "/"),
  };
}

/**
 * The loader of a page with the Google and Apple buttons (sign-in, sign-up): an old one-page
 * `?mode=` URL goes on to its mode's page first.
 */
export async function socialPage({ request }: { request: Request }, here: AuthMode) {
  const moved = movedMode(new URL(request.url), here);
  if (moved) throw redirect(moved);
  return { providers: socialProviders(), ...(await signedOutPage({ request })) };
}

type Answer = ReturnType<typeof unknownIntent> | Response;

/**
 * A mode's action: the use-case its intent names, answered as every mode answers. `otherwise`
 * takes what the page posts besides (Google and Apple), or answers an old form.
 */
export async function answerIntents(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  useCases: Record<string, (posted: Posted) => Promise<AccountsOutcome>>,
  otherwise?: (posted: Posted) => Promise<Answer> | Answer | undefined,
): Promise<Answer> {
  const posted = await readPosted(request, context);
  const run = Object.hasOwn(useCases, posted.intent) ? useCases[posted.intent] : undefined;
  if (run) return answerOutcome(request, posted, await run(posted));
  return (await otherwise?.(posted)) ?? unknownIntent(posted.intent);
}

/** A form this page doesn't take. */
function unknownIntent(intent: string) {
  return data<ActionAnswer>(
    { intent, ok: false, message: "Something went wrong. Please try again." },
    { status: 400 },
  );
}

/** Google or Apple: off to the provider, with the state cookies. */
export async function startSocial({ form, intent, meta, redirectTo }: Posted) {
  const started = await startSocialSignIn({
    provider: String(form.get("provider") ?? ""),
    meta,
    redirectTo,
  });
  if (!started.ok) return data<ActionAnswer>({ intent, ok: false, message: started.message });
  const headers = new Headers();
  for (const c of started.cookies) headers.append("Set-Cookie", c);
  return redirect(started.url, { headers });
}

async function answerOutcome(
  request: Request,
  { intent, input: values }: Pick<Posted, "intent" | "input">,
  outcome: AccountsOutcome,
) {
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  if (!outcome.ok) {
    return data<ActionAnswer>(
      {
        intent,
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        passwordProblems: outcome.passwordProblems,
        values: {
          email: text(values.email),
          fullName: text(values.fullName),
          phone: text(values.phone),
        },
      },
      {
        // A refused form is answered as a page with its messages (only limits say 429).
        status: formStatusOf(outcome),
        headers: outcomeHeaders({ retryAfter: outcome.retryAfter }),
      },
    );
  }

  const headers = cookieHeaders(outcome.cookies);
  if (outcome.twoFactor) {
    return data<ActionAnswer>({ intent: "two-factor", ok: true, twoFactor: true }, { headers });
  }
  const last = outcome.messages.at(-1) ?? "";
  // One message and somewhere to go: a redirect carrying the toast (works without JavaScript).
  if (outcome.redirectTo && outcome.messages.length === 1) {
    return redirectWithToast(
      request,
      outcome.redirectTo,
      { type: "success", message: last },
      {
        headers,
      },
    );
  }
  if (outcome.redirectTo) {
    // Several messages in order ('Account already exists, trying to sign you in...', then
    // 'Signed in successfully!'): the page shows them, then moves on.
    headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: last }));
  }
  return data<ActionAnswer>(
    {
      intent,
      ok: true,
      messages: outcome.messages,
      redirectTo: outcome.redirectTo,
      values: text(values.phone) !== undefined ? { phone: text(values.phone) } : undefined,
    },
    { headers },
  );
}
