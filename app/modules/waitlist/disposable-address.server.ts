// Throwaway inboxes (the disposable-email-domains list), and any subdomain of one
// (x@anything.mailinator.com is as disposable): refused at joining, and never counted as a referral.
import { createRequire } from "node:module";

const disposableDomains = new Set<string>(
  createRequire(import.meta.url)("disposable-email-domains/index.json") as string[],
);

export function isDisposable(email: string): boolean {
  const labels = (email.split("@")[1] ?? "").split(".");
  for (let i = 0; i < labels.length - 1; i++)
    if (disposableDomains.has(labels.slice(i).join("."))) return true;
  return false;
}
