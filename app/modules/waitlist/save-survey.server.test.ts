import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { surveyToken } from "./contact-links.server.ts";
import { readSurveyResult, saveSurvey, surveyResultQuery } from "./save-survey.server.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: "https://patch.test" });
});
afterAll(() => t.close());

const answers = {
  kind: "Backyard bed",
  sizeM2: "4",
  sunHours: "More than 6 hours",
  experience: "Confident gardener",
  timePerWeek: "Two hours or more",
  interests: ["Tomatoes and summer crops"],
} as const;
/** The answers as the survey's schema gives them. */
const parsed = { ...answers, sizeM2: 4, interests: [...answers.interests] };

test("the result page is sent the answers, not the words, and works the reasons out again", async () => {
  const id = crypto.randomUUID();
  await db().insert(contacts).values({ id, email: "result@example.nz", region: "Nelson" });
  const saved = await saveSurvey({ ...answers, token: surveyToken(id) });
  if (!saved.ok) throw new Error("survey refused");
  expect(saved.saved).toBe(true);
  const params = new URLSearchParams(saved.query);
  expect(params.getAll("why")).toEqual([]);
  expect(params.get("kind")).toBe("Backyard bed");
  expect(params.getAll("interests")).toEqual(["Tomatoes and summer crops"]);
  expect(readSurveyResult(params)).toEqual({
    recommendation: saved.recommendation,
    saved: true,
  });
  expect(saved.recommendation.reasons.join(" ")).toContain("Six or more hours of sun");

  const anonymous = await saveSurvey(answers);
  if (!anonymous.ok) throw new Error("survey refused");
  expect(new URLSearchParams(anonymous.query).has("saved")).toBe(false);
  expect(readSurveyResult(new URLSearchParams(anonymous.query))).toMatchObject({ saved: false });
});

test("a crafted link can't put its own words on the page or claim the answers were saved", () => {
  const crafted = new URLSearchParams(surveyResultQuery(parsed, false));
  crafted.append("why", "<script>alert(1)</script>");
  crafted.append("why", "Send your bank details to evil@example.com");
  crafted.set("plan", "0.5m2");
  crafted.set("saved", "1");
  const result = readSurveyResult(crafted);
  expect(result?.recommendation.plan).toBe("2m2");
  expect(result?.saved).toBe(false);
  const words = JSON.stringify(result);
  expect(words).not.toContain("script");
  expect(words).not.toContain("evil");

  // A genuine "saved" mark belongs to the answers it was made for, and to nothing else.
  const genuine = new URLSearchParams(surveyResultQuery(parsed, true));
  expect(readSurveyResult(genuine)?.saved).toBe(true);
  const moved = new URLSearchParams(genuine);
  moved.set("sizeM2", "0.5");
  expect(readSurveyResult(moved)).toMatchObject({
    saved: false,
    recommendation: { plan: "0.5m2" },
  });
  const forged = new URLSearchParams(genuine);
  forged.set("saved", signToken("survey", "anything"));
  expect(readSurveyResult(forged)?.saved).toBe(false);

  // Answers outside the survey's own choices show no recommendation at all.
  for (const [key, value] of [
    ["kind", "<b>Moon base</b>"],
    ["sizeM2", "lots"],
    ["sunHours", ""],
  ] as const) {
    const bad = new URLSearchParams(genuine);
    bad.set(key, value);
    expect(readSurveyResult(bad), key).toBeNull();
  }
  const badInterest = new URLSearchParams(genuine);
  badInterest.append("interests", "<img src=x onerror=alert(1)>");
  expect(readSurveyResult(badInterest)).toBeNull();
  expect(readSurveyResult(new URLSearchParams("plan=2m2&why=hello"))).toBeNull();
});
