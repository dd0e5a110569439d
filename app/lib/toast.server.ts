// Toasts raised on the server (after an action or a redirect) travel in a short-lived flash cookie
// and are shown by the root route on the next page.
import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { settings } from "./env.server.ts";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "info", "warning"]).default("info"),
  message: z.string().min(1).max(300),
  id: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

type FlashStorage = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>
>;
let storage: FlashStorage | undefined;
function flashStorage() {
  const s = settings();
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: s.isProduction ? "__Host-flash" : "flash",
      httpOnly: true,
      sameSite: "lax",
      secure: s.secureCookies,
      path: "/",
      maxAge: 60,
      secrets: [s.authSecret],
    },
  });
  return storage;
}

/** Returns the Set-Cookie header that carries a toast to the next page. */
export async function toastCookie(request: Request, toast: Toast): Promise<string> {
  const store = flashStorage();
  const session = await store.getSession(request.headers.get("cookie"));
  session.flash("toast", { ...toast, id: toast.id ?? crypto.randomUUID() });
  return store.commitSession(session);
}

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending toast, if any. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("flash=")) return { toast: null, setCookie: null };
  const store = flashStorage();
  const session = await store.getSession(cookie);
  const parsed = toastSchema.safeParse(session.get("toast"));
  // The cookie holds nothing else: it is deleted rather than kept empty, so the next public page
  // can come from the page cache again (app/lib/public-pages.ts).
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await store.destroySession(session),
  };
}
