// The member hears a coach answered (issue 41): an e-mail with the signed link straight to their
// thread and, where they chose garden reminder texts (and haven't stopped them), a text with the
// same link. Queued in the answer's own transaction (answer-thread.server.ts), each sent at most
// once per answer (ADR 005).
import { and, eq, isNull } from "drizzle-orm";
import { coachMessages, coachThreads, smsReminders, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { z } from "#app/lib/zod.ts";
import {
  defineSendJob,
  deliverEmailOnce,
  deliverSmsOnce,
} from "#app/modules/notifications/deliver-once.server.ts";
import { coachThreadLink } from "./member-thread.server.ts";

export const coachAnswerPayload = z.object({ messageId: z.uuid() });

export function coachAnswerEmail(input: {
  to: string;
  coachName: string;
  answer: string;
  link: string;
}) {
  const s = settings();
  return {
    to: input.to,
    ...renderEmail({
      subject: `${input.coachName} from ${s.brandName} answered your question`,
      preheader: "Your gardening coach has answered. Open your question to read it and reply.",
      heading: "Your coach has answered",
      paragraphs: [
        `${input.coachName}, your ${s.brandName} coach, has answered your question:`,
        ...input.answer.split(/\n{2,}/).slice(0, 6),
        "Open your question to see the whole conversation, add a photo or reply.",
      ],
      button: { label: "Open your question", url: input.link },
      reason: `You're getting this because you asked a ${s.brandName} gardening coach a question.`,
    }),
  };
}

export function coachAnswerText(coachName: string, link: string): string {
  return `${settings().brandName}: ${coachName}, your gardening coach, has answered your question. Read it here: ${link}`;
}

async function sendCoachAnswer({ messageId }: z.infer<typeof coachAnswerPayload>) {
  const [row] = await db()
    .select({
      threadId: coachThreads.id,
      userId: coachThreads.userId,
      email: users.email,
      body: coachMessages.body,
      authorName: coachMessages.authorName,
    })
    .from(coachMessages)
    .innerJoin(coachThreads, eq(coachThreads.id, coachMessages.threadId))
    .innerJoin(users, eq(users.id, coachThreads.userId))
    .where(and(eq(coachMessages.id, messageId), eq(coachMessages.kind, "coach")));
  // The account (and with it the thread) may be gone since: nothing to tell.
  if (!row) return "skipped";
  const link = coachThreadLink(row.threadId);
  const coachName = row.authorName ?? "Your coach";
  await deliverEmailOnce({
    key: `coach-answer:${messageId}`,
    template: "coach-answer",
    to: row.email,
    resourceType: "coach_thread",
    resourceId: row.threadId,
    message: () => coachAnswerEmail({ to: row.email, coachName, answer: row.body, link }),
  });
  const [texts] = await db()
    .select({ phone: smsReminders.phone })
    .from(smsReminders)
    .where(and(eq(smsReminders.userId, row.userId), isNull(smsReminders.stoppedAt)));
  if (texts)
    await deliverSmsOnce({
      key: `coach-answer-sms:${messageId}`,
      template: "coach-answer-sms",
      to: texts.phone,
      resourceType: "coach_thread",
      resourceId: row.threadId,
      body: () => coachAnswerText(coachName, link),
    });
  return "sent";
}

export const sendCoachAnswerJob = defineSendJob(
  "coaching.send-answer",
  coachAnswerPayload,
  sendCoachAnswer,
);
