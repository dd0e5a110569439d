// A page whose record is still settling elsewhere (a payment Stripe has not confirmed yet, a send
// run still going) reads its loader again every few seconds, and stops once it has settled.
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export function useRefreshWhile(waiting: boolean, everyMs: number): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void revalidator.revalidate(), everyMs);
    return () => window.clearInterval(timer);
  }, [waiting, everyMs, revalidator]);
}
