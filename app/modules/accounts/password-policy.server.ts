// SPEC §5 password rules (NIST SP 800-63B): 12 to 256 characters, no composition rules, and the
// most common and breached passwords refused. The list is zxcvbn-ts's 49,000 most common passwords
// from public breaches, plus our own base words (garden and New Zealand words people pad to reach
// 12 characters); the check looks through padding, repetition, look-alike digits and keyboard runs.
import { createRequire } from "node:module";
import { PASSWORD_MAX, PASSWORD_MIN } from "./accounts.schema.ts";
import { wrongField, type AccountsFailure } from "./outcome.ts";
// Bundled into the server build as text, so no file is looked up at run time.
import commonPasswordsText from "./common-passwords.txt?raw";

/** Loaded from node_modules at first use: the server build doesn't carry 400 KB of words. */
const breachedPasswords = () =>
  createRequire(import.meta.url)("@zxcvbn-ts/language-common/src/passwords.json") as string[];

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    [...commonPasswordsText.split("\n"), ...breachedPasswords()]
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

const RUNS = [
  "01234567890123456789",
  "98765432109876543210",
  "abcdefghijklmnopqrstuvwxyz",
  "zyxwvutsrqponmlkjihgfedcba",
  "qwertyuiopasdfghjklzxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn",
  "q1w2e3r4t5y6u7i8o9p0",
];

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

function isRepeat(s: string): string | null {
  for (let size = 1; size <= s.length / 2; size++) {
    if (s.length % size !== 0) continue;
    const unit = s.slice(0, size);
    if (unit.repeat(s.length / size) === s) return unit;
  }
  return null;
}

function isCommon(candidate: string): boolean {
  const list = commonPasswords();
  const lower = candidate.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  const deLeet = lower.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
  const deLeetCore = deLeet.replace(/^[^a-z]+|[^a-z]+$/g, "");
  for (const v of [lower, core, deLeet, deLeetCore]) {
    if (!v) continue;
    if (list.has(v)) return true;
    const unit = isRepeat(v);
    if (unit && (unit.length < 4 || list.has(unit))) return true;
  }
  if (RUNS.some((run) => run.includes(lower))) return true;
  // Mostly one common word with little else around it ("Password!2024", "garden garden 1").
  const words = deLeet.split(/[^a-z]+/).filter(Boolean);
  const lettersOnly = deLeet.replace(/[^a-z]/g, "");
  if (words.length > 0 && words.every((w) => list.has(w)) && new Set(words).size === 1) {
    return true;
  }
  return lettersOnly.length > 0 && list.has(lettersOnly) && lettersOnly.length >= 6;
}

/** Reasons a person understands why a password is refused; empty when it is fine. */
export function passwordProblems(password: string, context: { email?: string } = {}): string[] {
  const problems: string[] = [];
  if ([...password].length < PASSWORD_MIN) {
    problems.push(`Use at least ${PASSWORD_MIN} characters.`);
  }
  if (password.length > PASSWORD_MAX) problems.push(`Use at most ${PASSWORD_MAX} characters.`);
  if (password.length > 0 && password.length <= PASSWORD_MAX && isCommon(password)) {
    problems.push(
      "This password is one of the most common ones, so it's easy to guess. Try a few unrelated words together.",
    );
  }
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && password.toLowerCase().includes(local)) {
    problems.push("Don't use your email address in your password.");
  }
  return problems;
}

/**
 * The policy's refusal of a new password, its reasons beside `field` and as a list (SPEC §5), or
 * null when the password passes. `message` is said above the form (by default the reasons).
 */
export function refusePassword(
  password: string,
  { field, email, message }: { field: string; email?: string; message?: string },
): AccountsFailure | null {
  const problems = passwordProblems(password, { email });
  if (problems.length === 0) return null;
  const reasons = problems.join(" ");
  return { ...wrongField(field, message ?? reasons, reasons), passwordProblems: problems };
}
