// The monthly growing-tips e-mail: that month's guide boiled down for one climate zone (what to
// sow and plant there, the main jobs, what's in the box, the beginner tip), a button to the full
// guide, who we are, why they get it, and a one-click unsubscribe. Drawn from content/monthly, so
// the e-mail and the guide never disagree.
import type { Token, Tokens } from "marked";
import { renderEmail, type EmailContent } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import type { NzRegion } from "#app/lib/nz-regions.ts";
import {
  climateZone,
  climateZoneForRegion,
  type ClimateZone,
  type ClimateZoneId,
} from "#app/modules/guidance/climate-zones.ts";
import { monthName } from "#app/modules/guidance/guidance-content.ts";
import { loadMonthlyFile } from "#app/modules/guidance/load-content.server.ts";
import type { MonthlyTask } from "#app/modules/guidance/monthly-guide-sections.server.ts";
import { plainText } from "#app/modules/guidance/render-markdown.server.ts";
import {
  oneClickUnsubscribeUrl,
  unsubscribeUrl,
} from "#app/modules/waitlist/contact-links.server.ts";
import { memberTipsOneClickUrl, memberTipsUnsubscribeUrl } from "./member-tips-links.server.ts";
import { guideIdFor, type TipsMonth } from "./tips-month.ts";
import type { TipsRecipient } from "./tips-recipients.server.ts";

/** Without a known region the temperate times are the fairest middle for New Zealand. */
export const GENERAL_ZONE: ClimateZoneId = "temperate";
const MAIN_TASKS = 5;

const zonePhrase: Record<ClimateZoneId, string> = {
  "warm-north": "the warm north",
  temperate: "temperate gardens",
  "cool-south": "the cool south and inland",
};

export interface TipsDigest {
  month: TipsMonth;
  /** "December". */
  monthName: string;
  guideUrl: string;
  zone: ClimateZone;
  /** True when we don't know the person's region (the temperate list, with a note). */
  general: boolean;
  region: NzRegion | null;
  intro: string;
  sowAndPlant: string[];
  tasks: string[];
  box: string[];
  beginnerTip: string | null;
}

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-ZĀĒĪŌŪ"‘“])/);
}

/** The bold lead and enough of what follows to be useful on its own, in a sentence or two. */
function shortTask(task: MonthlyTask): string {
  const parts = sentences(task.detail);
  let text = parts[0] ?? task.title;
  for (const next of parts.slice(1)) {
    if (text.length >= 60 || text.length + next.length > 220) break;
    text = `${text} ${next}`;
  }
  return text;
}

/** The text under a level-2 heading of the guide, paragraphs only. */
function sectionText(tokens: readonly Token[], heading: string): string[] {
  const paragraphs: string[] = [];
  let inside = false;
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) {
      inside =
        plainText((token as Tokens.Heading).tokens)
          .trim()
          .toLowerCase() === heading;
      continue;
    }
    if (inside && token.type === "paragraph") paragraphs.push(plainText([token]).trim());
  }
  return paragraphs;
}

/**
 * A month's tips for a region's climate zone, for a zone picked by an admin, or (neither known)
 * the general New Zealand version.
 */
export function tipsDigest(
  month: TipsMonth,
  where: { region?: NzRegion | null; zone?: ClimateZoneId | null } = {},
): TipsDigest {
  const region = where.region ?? null;
  const id = guideIdFor(month);
  const file = loadMonthlyFile(id);
  if (!file) throw new Error(`No monthly guide for ${id}`);
  const zone = region ? climateZoneForRegion(region) : climateZone(where.zone ?? GENERAL_ZONE);
  const general = !region && !where.zone;
  const tokens = file.body.tokens;
  return {
    month,
    monthName: monthName(id),
    guideUrl: `${settings().siteUrl}/education/monthly/${id}`,
    zone,
    general,
    region,
    intro: sentences(
      sectionText(tokens, "this month in the garden")[0] ?? file.frontMatter.description,
    )
      .slice(0, 2)
      .join(" "),
    sowAndPlant: file.sections.sowAndPlant[zone.id],
    tasks: file.sections.tasks.slice(0, MAIN_TASKS).map(shortTask),
    box: file.sections.box,
    beginnerTip: sectionText(tokens, "beginner tip").join(" ") || null,
  };
}

export type TipsReader = Pick<TipsRecipient, "kind" | "id" | "name" | "region">;

export function composeTipsEmail(
  digest: TipsDigest,
  reader: TipsReader,
  links = {
    unsubscribe:
      reader.kind === "member" ? memberTipsUnsubscribeUrl(reader.id) : unsubscribeUrl(reader.id),
    oneClick:
      reader.kind === "member"
        ? memberTipsOneClickUrl(reader.id)
        : oneClickUnsubscribeUrl(reader.id),
  },
): EmailContent {
  const s = settings();
  const { zone, monthName: month } = digest;
  const firstName = reader.name?.split(/\s+/)[0];
  const where = digest.general
    ? `We don't know your region yet, so these are the temperate-zone times that suit much of New Zealand. Up north you can usually start a couple of weeks earlier; in the south and inland, give it a couple of weeks longer.${
        reader.kind === "member"
          ? " Add your region to your profile and next month's tips will match your climate."
          : ""
      }`
    : digest.region
      ? `${digest.region} is in our ${zone.name.toLowerCase()} climate zone, so the sowing times below are for gardens there.`
      : `These sowing times are for our ${zone.name.toLowerCase()} climate zone (${zone.regions.join(", ")}).`;
  return {
    subject: digest.general
      ? `${month} growing tips for New Zealand gardens`
      : `${month} growing tips for ${zonePhrase[zone.id]}`,
    preheader: `What to sow and plant in ${month}, the jobs that matter and what's in the box.`,
    heading: `${month} in your garden`,
    paragraphs: [`Kia ora${firstName ? ` ${firstName}` : ""}! ${digest.intro}`, where],
    sections: [
      {
        heading: `What to sow and plant${digest.general ? "" : `: ${zone.name.toLowerCase()}`}`,
        items: digest.sowAndPlant,
      },
      { heading: `Jobs for ${month}`, items: digest.tasks },
      ...(digest.box.length > 0 ? [{ heading: `In the ${month} box`, items: digest.box }] : []),
      ...(digest.beginnerTip ? [{ heading: "Beginner tip", text: digest.beginnerTip }] : []),
    ],
    button: { label: `Read the full ${month} guide`, url: digest.guideUrl },
    secondary:
      reader.kind === "member"
        ? [{ label: "Your profile and e-mail settings", url: `${s.siteUrl}/profile/reminders` }]
        : [],
    reason:
      reader.kind === "member"
        ? `You're getting this because your ${s.brandName} account has monthly growing tips switched on.`
        : `You're getting this because you joined the ${s.brandName} waitlist and confirmed your e-mail address. We send growing tips once a month.`,
    unsubscribeUrl: links.unsubscribe,
    oneClickUnsubscribeUrl: links.oneClick,
  };
}

/** The e-mail a reader gets for a month. */
export function renderTipsEmail(month: TipsMonth, reader: TipsReader) {
  return renderEmail(composeTipsEmail(tipsDigest(month, { region: reader.region }), reader));
}

/** What the admins see before sending: a zone's e-mail (or the general one) with dummy links. */
export function previewTipsEmail(month: TipsMonth, zone: ClimateZoneId | "general") {
  const digest = tipsDigest(month, { zone: zone === "general" ? null : zone });
  const s = settings();
  return renderEmail(
    composeTipsEmail(
      digest,
      { kind: "contact", id: "preview", name: null, region: null },
      {
        unsubscribe: `${s.siteUrl}/unsubscribe?token=preview`,
        oneClick: `${s.siteUrl}/api/unsubscribe?token=preview`,
      },
    ),
  );
}
