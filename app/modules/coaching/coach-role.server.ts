// Who a coach is to the member (issue 41, ADR 071): the answer carries the coach's first name
// ("Aroha, your Patch coach"), from their profile's full name, else their account's name, else the
// part of their address before @.
import type { CurrentUser } from "#app/modules/accounts/get-current-user.server.ts";

export function firstName(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return first.slice(0, 40);
}

/** The coach's first name as the member sees it. */
export function coachFirstName(coach: Pick<CurrentUser, "displayName" | "fullName">): string {
  return firstName(coach.fullName) || firstName(coach.displayName) || "Your coach";
}
