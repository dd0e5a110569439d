// Every monthly guide follows one outline (This month in the garden, What to sow and plant by
// climate zone, Tasks this month, In this month's box, Beginner tip). The calendar export needs
// those lists as data, so they are read from the Markdown here rather than written twice.
import type { Token, Tokens } from "marked";
import type { PlanId } from "#app/modules/subscriptions/plans.ts";
import { climateZoneForGuideHeading, type ClimateZoneId } from "./climate-zones.ts";
import { plainText } from "./render-markdown.server.ts";

export interface MonthlyTask {
  /** The bold lead of the task, e.g. "Protect against frost". */
  title: string;
  /** The whole task as written, e.g. "Protect against frost. Cover tender seedlings…". */
  detail: string;
}

export interface MonthlySections {
  sowAndPlant: Record<ClimateZoneId, string[]>;
  tasks: MonthlyTask[];
  /** What this month's box holds, as listed in the guide. */
  box: string[];
  /** The guide's sentence about each plan's box, e.g. "The 1 m² box adds silverbeet and radish." */
  boxByPlan: Partial<Record<PlanId, string>>;
}

const SOW_AND_PLANT = "what to sow and plant";
const TASKS = "tasks this month";
const BOX = "in this month's box";

function listItems(token: Token): Tokens.ListItem[] {
  return token.type === "list" ? (token as Tokens.List).items : [];
}

function taskFrom(item: Tokens.ListItem): MonthlyTask {
  const detail = plainText(item.tokens).replace(/\s+/g, " ").trim();
  const first = item.tokens[0];
  const inline = first && "tokens" in first && first.tokens ? first.tokens : [];
  const lead = inline[0]?.type === "strong" ? plainText((inline[0] as Tokens.Strong).tokens) : "";
  const title = (lead || detail).replace(/[.:]\s*$/, "").trim();
  return { title, detail };
}

/** "the 0.5 m² box brings…; the 1 m² box adds…" → one sentence per plan. */
function boxSentences(paragraph: string): Partial<Record<PlanId, string>> {
  const byPlan: Partial<Record<PlanId, string>> = {};
  for (const clause of paragraph.split(";")) {
    const match = /\bthe (0\.5|1|2) m² box\b/i.exec(clause);
    if (!match) continue;
    const sentence = clause.trim().replace(/\.$/, "");
    byPlan[`${match[1]}m2` as PlanId] = sentence.charAt(0).toUpperCase() + sentence.slice(1) + ".";
  }
  return byPlan;
}

export function readMonthlySections(tokens: readonly Token[], where: string): MonthlySections {
  const sections: MonthlySections = {
    sowAndPlant: { "warm-north": [], temperate: [], "cool-south": [] },
    tasks: [],
    box: [],
    boxByPlan: {},
  };
  let section = "";
  let zone: ClimateZoneId | undefined;
  for (const token of tokens) {
    if (token.type === "heading") {
      const heading = token as Tokens.Heading;
      const text = plainText(heading.tokens).trim();
      if (heading.depth === 2) {
        section = text.toLowerCase().replace(/’/g, "'");
        zone = undefined;
      } else if (heading.depth === 3 && section === SOW_AND_PLANT) {
        zone = climateZoneForGuideHeading(text)?.id;
        if (!zone) throw new Error(`${where}: "${text}" is not a climate zone heading`);
      }
      continue;
    }
    if (section === SOW_AND_PLANT && zone) {
      sections.sowAndPlant[zone].push(...listItems(token).map((i) => plainText(i.tokens).trim()));
    } else if (section === TASKS) {
      sections.tasks.push(...listItems(token).map(taskFrom));
    } else if (section === BOX) {
      if (token.type === "list")
        sections.box.push(...listItems(token).map((i) => plainText(i.tokens).trim()));
      if (token.type === "paragraph")
        Object.assign(sections.boxByPlan, boxSentences(plainText([token])));
    }
  }
  for (const [id, items] of Object.entries(sections.sowAndPlant)) {
    if (items.length === 0) throw new Error(`${where}: no "What to sow and plant" list for ${id}`);
  }
  if (sections.tasks.length === 0) throw new Error(`${where}: no "Tasks this month" list`);
  return sections;
}
