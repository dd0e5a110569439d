// The plan that fits a growing space, and why, in words a beginner understands (/survey-complete).
import type { PlanId } from "#app/modules/subscriptions/plans.ts";

export interface SpaceAnswers {
  kind: string;
  sizeM2: number;
  sunHours: string;
  experience: string;
  timePerWeek: string;
}

export interface Recommendation {
  plan: PlanId;
  reasons: string[];
}

export function recommendPlan(a: SpaceAnswers): Recommendation {
  const reasons: string[] = [];
  let plan: PlanId;
  if (a.kind === "Balcony or deck" || a.sizeM2 < 1) {
    plan = "0.5m2";
    reasons.push(
      a.kind === "Balcony or deck"
        ? "A 0.5 m² box fits on a balcony or deck without overloading it."
        : `Your ${a.sizeM2} m² space suits the 0.5 m² box with room to move around it.`,
    );
  } else if (a.sizeM2 < 2.5) {
    plan = "1m2";
    reasons.push(
      `Your ${a.sizeM2} m² space fits the 1 m² box with a path around it for easy reach.`,
    );
  } else {
    plan = "2m2";
    reasons.push(
      `With ${a.sizeM2} m² to play with, the 2 m² box gives you 30 varieties through the year.`,
    );
  }
  if (a.timePerWeek === "15 minutes" && plan !== "0.5m2") {
    plan = plan === "2m2" ? "1m2" : "0.5m2";
    reasons.push("With about 15 minutes a week, a smaller box keeps the jobs manageable.");
  }
  if (
    a.experience === "Never grown food" &&
    plan === "2m2" &&
    a.timePerWeek !== "Two hours or more"
  ) {
    plan = "1m2";
    reasons.push(
      "For a first season the 1 m² box teaches every step without feeling like a second job.",
    );
  }
  if (a.sunHours === "Less than 3 hours") {
    reasons.push(
      "Your spot is shady, so we'll lean your box towards salad greens, silverbeet and herbs, which cope with less sun.",
    );
  } else if (a.sunHours === "More than 6 hours") {
    reasons.push(
      "Six or more hours of sun is ideal: tomatoes, courgettes and strawberries will thrive.",
    );
  }
  return { plan, reasons };
}
