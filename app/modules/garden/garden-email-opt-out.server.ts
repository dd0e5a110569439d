// "Your garden this month" on or off (issue 23, ADR 045): the switch on /profile/reminders and the
// one-click unsubscribe link in every such e-mail (no sign-in needed), a signed link of its own so
// neither it nor the growing tips' link can stand in for the other. Off is kept as when they said.
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { z } from "#app/lib/zod.ts";
import { settings } from "#app/lib/env.server.ts";
import { signToken, TOKEN_PURPOSES, verifyToken } from "#app/lib/signed-token.server.ts";
import {
  memberEmailOptOut,
  switchEmailOptOut,
} from "#app/modules/accounts/email-opt-outs.server.ts";

const PURPOSE = TOKEN_PURPOSES.memberGardenUnsubscribe;

export function gardenUnsubscribeUrl(userId: string): string {
  return `${settings().siteUrl}/unsubscribe?token=${signToken(PURPOSE, userId)}`;
}

/** RFC 8058 one-click endpoint (POST) for the List-Unsubscribe header. */
export function gardenOneClickUrl(userId: string): string {
  return `${settings().siteUrl}/api/unsubscribe?token=${signToken(PURPOSE, userId)}`;
}

const switchInput = z.object({
  garden: z.enum(["on", "off"], { message: "Please choose on or off." }),
});

/** Switches the monthly garden e-mail on or off; switching off twice keeps the first time. */
export async function setGardenEmail(
  userId: string,
  input: unknown,
): Promise<{ ok: true; on: boolean } | { ok: false; message: string }> {
  const parsed = switchInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const on = parsed.data.garden === "on";
  await switchGardenEmail(userId, on);
  return { ok: true, on };
}

function switchGardenEmail(userId: string, on: boolean): Promise<void> {
  return switchEmailOptOut(userId, "gardenEmailOptedOutAt", on);
}

/** Whether the member gets the monthly garden e-mail (on until they switch it off). */
export async function gardenEmailOn(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ off: profiles.gardenEmailOptedOutAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return !row?.off;
}

/** The member a garden unsubscribe link belongs to, or null when it isn't one (or is forged). */
export async function readGardenUnsubscribe(
  token: string | null,
): Promise<{ kind: "member-garden"; email: string; unsubscribed: boolean } | null> {
  const userId = verifyToken(PURPOSE, token);
  if (!userId) return null;
  const member = await memberEmailOptOut(userId, "gardenEmailOptedOutAt");
  return member ? { kind: "member-garden", email: member.email, unsubscribed: member.off } : null;
}

/** The one click: no more monthly garden e-mails; null when the token isn't a garden link. */
export async function unsubscribeGardenByLink(
  token: string | null,
): Promise<{ ok: true; kind: "member-garden"; email: string } | { ok: false } | null> {
  const userId = verifyToken(PURPOSE, token);
  if (!userId) return null;
  const member = await readGardenUnsubscribe(token);
  if (!member) return { ok: false };
  await switchGardenEmail(userId, false);
  return { ok: true, kind: "member-garden", email: member.email };
}
