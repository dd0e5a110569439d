// The growing-space survey (/define-garden): stored in the contact's growing_space and
// survey_data when it comes through a signed link; the recommendation either way.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { readSurveyToken } from "./contact-links.server.ts";
import { recommendPlan, type Recommendation } from "./recommend-plan.ts";
import { fieldErrorsOf, surveySchema, type SurveyInput } from "./survey-form.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";

const SURVEY_INCOMPLETE = "Some answers are missing: see the questions marked below.";

type SurveyResult = Outcome<{ saved: boolean; recommendation: Recommendation; query: string }>;

export async function saveSurvey(raw: unknown): Promise<SurveyResult> {
  const parsed = surveySchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", SURVEY_INCOMPLETE, { fieldErrors: fieldErrorsOf(parsed.error) });
  const answers = parsed.data;
  const recommendation = recommendPlan(answers);
  const contactId = readSurveyToken(answers.token);
  let saved = false;
  if (contactId) {
    await db().transaction(async (tx) => {
      const [contact] = await tx
        .select()
        .from(contacts)
        .where(eq(contacts.id, contactId))
        .for("update");
      if (!contact) return;
      await tx
        .update(contacts)
        .set({
          growingSpace: {
            ...contact.growingSpace,
            kind: answers.kind,
            sizeM2: answers.sizeM2,
            sunHours: answers.sunHours,
          },
          surveyData: {
            ...contact.surveyData,
            experience: answers.experience,
            timePerWeek: answers.timePerWeek,
            interests: answers.interests,
            completedAt: new Date().toISOString(),
            recommendedPlan: recommendation.plan,
          },
          interests: answers.interests.length > 0 ? answers.interests : contact.interests,
          updatedAt: new Date(),
        })
        .where(eq(contacts.id, contactId));
      if (settings().crmWebhook)
        await enqueue(tx, syncContactToCrmJob, { contactId, event: "updated" });
      saved = true;
    });
  }
  return { ok: true, saved, recommendation, query: surveyResultQuery(answers, saved) };
}

type Answers = Omit<SurveyInput, "token">;

/** The answers as a query string, always in one order, so the same answers give the same text. */
function answersQuery(a: Answers): URLSearchParams {
  const params = new URLSearchParams({
    kind: a.kind,
    sizeM2: String(a.sizeM2),
    sunHours: a.sunHours,
    experience: a.experience,
    timePerWeek: a.timePerWeek,
  });
  for (const interest of a.interests) params.append("interests", interest);
  return params;
}

/** The "saved" mark is signed over these exact answers: it can't be forged or moved to others. */
const savedSubject = (a: Answers) =>
  createHash("sha256").update(answersQuery(a).toString()).digest("base64url");

/**
 * The query /survey-complete is sent to: the answers (the page works out the plan and its reasons
 * from them again) and, when they were saved to a contact, a signed mark saying so. Nothing in it
 * is shown as given: a crafted link can't put its own words on the page.
 */
export function surveyResultQuery(answers: Answers, saved: boolean): string {
  const params = answersQuery(answers);
  if (saved) params.set("saved", signToken("survey-saved", savedSubject(answers)));
  return params.toString();
}

/** /survey-complete's reading of its query: the recommendation for valid answers, else null. */
export function readSurveyResult(
  params: URLSearchParams,
): { recommendation: Recommendation; saved: boolean } | null {
  const parsed = surveySchema.safeParse({
    kind: params.get("kind") ?? undefined,
    sizeM2: params.get("sizeM2") ?? undefined,
    sunHours: params.get("sunHours") ?? undefined,
    experience: params.get("experience") ?? undefined,
    timePerWeek: params.get("timePerWeek") ?? undefined,
    interests: params.getAll("interests"),
  });
  if (!parsed.success) return null;
  const { token: _token, ...answers } = parsed.data;
  return {
    recommendation: recommendPlan(answers),
    saved: verifyToken("survey-saved", params.get("saved")) === savedSubject(answers),
  };
}

export function surveyTokenIsValid(token: string | null | undefined): boolean {
  return readSurveyToken(token) !== null;
}
