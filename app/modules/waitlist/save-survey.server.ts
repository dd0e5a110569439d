// The growing-space survey (/define-garden): stored in the contact's growing_space and
// survey_data when it comes through a signed link; the recommendation either way.
import { eq } from "drizzle-orm";
import { contacts } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import { readSurveyToken } from "./contact-links.server.ts";
import { recommendPlan, type Recommendation } from "./recommend-plan.ts";
import { fieldErrorsOf, surveySchema } from "./survey-form.ts";

export type SurveyResult =
  | { ok: true; saved: boolean; recommendation: Recommendation }
  | { ok: false; fieldErrors: Record<string, string> };

export async function saveSurvey(raw: unknown): Promise<SurveyResult> {
  const parsed = surveySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
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
      saved = true;
    });
  }
  return { ok: true, saved, recommendation };
}

export function surveyTokenIsValid(token: string | null | undefined): boolean {
  return readSurveyToken(token) !== null;
}
