// "Download my data" (Privacy Act 2020, principle 6): everything we hold about the person's
// account as JSON. Session tokens, password hashes and the calendar feed's token are left out:
// they are secrets, not data.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import {
  boxSeedlingPlacements,
  coachMessages,
  coachPhotos,
  coachThreads,
  contacts,
  creditEntries,
  gardens,
  harvests,
  profiles,
  sessions,
  smsReminders,
  subscriptions,
  subscriptionSummaryColumns,
  users,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { exportMemberGifts } from "./member-gifts.server.ts";

const DOWNLOAD_PURPOSE = "my-data";
const DOWNLOAD_SECONDS = 60;

/**
 * Where the browser fetches the file once the password is confirmed: a page's action can answer
 * only with data for its page, so the file comes from its own address, signed for this person
 * and a minute.
 */
export function myDataDownloadPath(userId: string, now = Date.now()): string {
  const token = signToken(DOWNLOAD_PURPOSE, userId, new Date(now + DOWNLOAD_SECONDS * 1000));
  return `/profile/my-data.json?t=${encodeURIComponent(token)}`;
}

export function myDataDownloadIsFor(token: string | null, userId: string): boolean {
  return verifyToken(DOWNLOAD_PURPOSE, token) === userId;
}

/** The export as the file people download. */
export async function myDataFile(userId: string): Promise<string> {
  return JSON.stringify(await exportMyData(userId), null, 2);
}

/**
 * A table's rows that are the person's own (by its `userId`), oldest first by `order`; typed by
 * the fields asked for (drizzle can't tell them through a table given as a parameter).
 */
async function ownRows<F extends SelectedFields>(
  table: PgTable & { userId: AnyPgColumn },
  userId: string,
  fields: F,
  order: AnyPgColumn[],
): Promise<SelectResultFields<F>[]> {
  const rows = await db()
    .select(fields)
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(...order.map((column) => asc(column)));
  return rows as SelectResultFields<F>[];
}

export async function exportMyData(userId: string) {
  const [user] = await db()
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      phoneNumber: users.phoneNumber,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId));
  const devices = await db()
    .select({
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const waitlist = await db().select().from(contacts).where(eq(contacts.email, user.email));
  // Text reminders, with the consent given for them (what, when, from where) and how they ended.
  const [textReminders] = await db()
    .select()
    .from(smsReminders)
    .where(eq(smsReminders.userId, userId));
  // The garden plan saved from /garden (issue 23).
  const [garden] = await db().select().from(gardens).where(eq(gardens.userId, userId));
  // The harvest log (issue 23, ADR 042), oldest first, and the box seedlings placed in the plan.
  const harvestLog = await ownRows(
    harvests,
    userId,
    {
      plantId: harvests.plantId,
      pickedOn: harvests.pickedOn,
      amount: harvests.amount,
      grams: harvests.grams,
      note: harvests.note,
      recordedAt: harvests.createdAt,
    },
    [harvests.pickedOn, harvests.createdAt],
  );
  const boxSeedlingsPlaced = await ownRows(
    boxSeedlingPlacements,
    userId,
    {
      boxId: boxSeedlingPlacements.boxId,
      plantId: boxSeedlingPlacements.plantId,
      square: boxSeedlingPlacements.square,
      placedAt: boxSeedlingPlacements.placedAt,
    },
    [boxSeedlingPlacements.placedAt],
  );
  // Their box subscriptions, with the items of the next season's plan they accepted (ADR 045);
  // the payment provider's customer and card ids are ours, not theirs.
  const subscriptionRows = await ownRows(
    subscriptions,
    userId,
    {
      ...subscriptionSummaryColumns,
      address: subscriptions.address,
      deliveryWeek: subscriptions.deliveryWeek,
      status: subscriptions.status,
      nextBoxOn: subscriptions.nextBoxOn,
      pausedUntil: subscriptions.pausedUntil,
      card: subscriptions.cardLabel,
      nextSeasonGardenItems: subscriptions.gardenItems,
      startedAt: subscriptions.createdAt,
    },
    [subscriptions.createdAt],
  );
  // The credits ledger (ADR 040): every credit and debit, oldest first; its sum is the balance.
  const credits = await ownRows(
    creditEntries,
    userId,
    {
      amount: creditEntries.amount,
      kind: creditEntries.kind,
      note: creditEntries.note,
      at: creditEntries.createdAt,
    },
    [creditEntries.createdAt],
  );
  // Questions to a coach (ADR 070): each thread with its questions, answers and photos (the
  // re-encoded ones we keep, as base64 WebP); a coach's internal notes are ours, not theirs.
  const coaching = await exportCoaching(userId);
  // Gifts bought and redeemed (ADR 049), without their codes.
  const giftsData = await exportMemberGifts(userId, user.email);
  const { calendarToken: _secret, ...profileData } = profile ?? { calendarToken: null };
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    profile: profile ? profileData : null,
    signedInDevices: devices,
    waitlist,
    textReminders: textReminders ?? null,
    garden: garden ?? null,
    harvestLog,
    boxSeedlingsPlaced,
    subscriptions: subscriptionRows,
    credits,
    giftsBought: giftsData.bought,
    giftsRedeemed: giftsData.redeemed,
    questionsToCoaches: coaching,
  };
}

async function exportCoaching(userId: string) {
  const threads = await ownRows(
    coachThreads,
    userId,
    {
      id: coachThreads.id,
      topic: coachThreads.topic,
      state: coachThreads.state,
      askedFrom: coachThreads.source,
      gardenSquare: coachThreads.gardenSquare,
      plantId: coachThreads.plantId,
      educationPath: coachThreads.educationPath,
      dueAt: coachThreads.dueAt,
      firstAnsweredAt: coachThreads.firstAnsweredAt,
      shareConsent: coachThreads.shareConsent,
      closedAt: coachThreads.closedAt,
      askedAt: coachThreads.createdAt,
    },
    [coachThreads.createdAt],
  );
  if (threads.length === 0) return [];
  const messages = await db()
    .select({
      id: coachMessages.id,
      threadId: coachMessages.threadId,
      from: coachMessages.kind,
      coachName: coachMessages.authorName,
      body: coachMessages.body,
      via: coachMessages.via,
      at: coachMessages.createdAt,
    })
    .from(coachMessages)
    .where(
      and(
        inArray(
          coachMessages.threadId,
          threads.map((t) => t.id),
        ),
        ne(coachMessages.kind, "note"),
      ),
    )
    .orderBy(asc(coachMessages.createdAt));
  const photos = messages.length
    ? await db()
        .select({
          messageId: coachPhotos.messageId,
          contentType: coachPhotos.contentType,
          width: coachPhotos.width,
          height: coachPhotos.height,
          bytes: coachPhotos.bytes,
        })
        .from(coachPhotos)
        .where(
          inArray(
            coachPhotos.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(coachPhotos.position))
    : [];
  return threads.map((t) => ({
    ...t,
    messages: messages
      .filter((m) => m.threadId === t.id)
      .map(({ id, threadId: _t, ...m }) => ({
        ...m,
        photos: photos
          .filter((p) => p.messageId === id)
          .map((p) => ({
            contentType: p.contentType,
            width: p.width,
            height: p.height,
            base64: Buffer.from(p.bytes).toString("base64"),
          })),
      })),
  }));
}
