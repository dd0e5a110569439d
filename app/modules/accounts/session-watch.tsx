// While signed in, an open tab checks every 60 s (and when it becomes visible again) that its
// session still exists; when it has ended elsewhere the header shows Sign In and the page reloads
// its data signed out.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import { forgetSignedInUser } from "./header-user.ts";

export const SESSION_CHECK_MS = 60_000;

export function SessionWatch() {
  const { revalidate } = useRevalidator();
  // The latest revalidate, without restarting the timer when it changes identity.
  const reload = useRef(revalidate);
  useEffect(() => {
    reload.current = revalidate;
  }, [revalidate]);
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/auth/session", { headers: { accept: "application/json" } });
        if (!res.ok) return;
        const body = (await res.json()) as { signedIn?: boolean };
        if (!stopped && body.signedIn === false) {
          stopped = true;
          void showToast("info", "You've been signed out.");
          // A page whose header learnt who is signed in (a public page, an islands page) changes
          // now; a page with loader data reloads it.
          forgetSignedInUser();
          void reload.current();
        }
      } catch {
        // offline: try again next time
      }
    };
    const timer = window.setInterval(() => void check(), SESSION_CHECK_MS);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return null;
}
