// A member's text to our number that isn't STOP, START or HELP (issue 41, ADR 070): from a number
// an account has proved (users.phone_number, verified), it is a message to the coaches, added to
// the member's latest open question, or a new question ("text", "other") when none is open. Its
// Twilio MessageSid is the message's request key, so Twilio retrying the webhook adds nothing.
// Answers the text to send back, or nothing for a number we don't know (the webhook stays quiet).
import { and, desc, eq, ne } from "drizzle-orm";
import { coachThreads, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";
import { freeText } from "#app/lib/zod.ts";
import { askCoach } from "./ask-coach.server.ts";
import { QUESTION_MAX } from "./coaching.schema.ts";
import { addMemberMessage } from "./member-thread.server.ts";
import { formatDueBy } from "./due-by.ts";

const textBody = freeText({ max: 100_000, multiline: true }).min(1);
const SID = /^[A-Za-z0-9]{10,64}$/;

export interface InboundText {
  from: string;
  body: string | null;
  messageSid: string | null;
}

export async function receiveMemberText(
  { from, body, messageSid }: InboundText,
  now = new Date(),
): Promise<string | undefined> {
  if (!from || !messageSid || !SID.test(messageSid)) return undefined;
  const [member] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, from), eq(users.phoneNumberVerified, true)));
  if (!member) return undefined;
  const parsed = textBody.safeParse(body ?? "");
  const brand = settings().brandName;
  if (!parsed.success)
    return `${brand}: we couldn't read that text. Please send your question in words, or ask at ${settings().siteUrl}${paths.coach}`;
  // A text longer than a question (many joined parts) keeps its first QUESTION_MAX characters.
  const text = parsed.data.slice(0, QUESTION_MAX);
  const requestKey = `twilio-${messageSid}`;

  const [open] = await db()
    .select({ id: coachThreads.id })
    .from(coachThreads)
    .where(and(eq(coachThreads.userId, member.id), ne(coachThreads.state, "closed")))
    .orderBy(desc(coachThreads.updatedAt))
    .limit(1);
  let threadId: string;
  if (open) {
    await db().transaction((tx) =>
      addMemberMessage(tx, {
        threadId: open.id,
        userId: member.id,
        body: text,
        via: "text",
        requestKey,
        now,
      }),
    );
    threadId = open.id;
  } else {
    const asked = await askCoach({
      userId: member.id,
      input: { requestKey, topic: "other", body: text },
      photos: [],
      source: "text",
      via: "text",
      now,
    });
    if (!asked.ok) return `${brand}: ${asked.message}`;
    threadId = asked.threadId;
  }
  const [thread] = await db()
    .select({ dueAt: coachThreads.dueAt })
    .from(coachThreads)
    .where(eq(coachThreads.id, threadId));
  const by = thread?.dueAt ? ` A coach will answer by ${formatDueBy(thread.dueAt)}.` : "";
  return `${brand}: thanks, your message is with our gardening coaches.${by} See it at ${settings().siteUrl}${paths.coachThread(threadId)}`;
}
