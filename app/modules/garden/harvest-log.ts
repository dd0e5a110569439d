// The harvest log's rules (issue 23, ADR 042), pure so the page and the tests share them: the
// amounts a member can choose, the form's schema, the New Zealand growing season (July to June)
// and the season summary by plant.
import { freeText, z } from "#app/lib/zod.ts";
import type { HarvestAmount } from "#db/schema/garden.ts";

export const HARVEST_AMOUNTS: readonly { id: HarvestAmount; label: string; plural: string }[] = [
  { id: "few", label: "A few", plural: "a few" },
  { id: "handful", label: "A handful", plural: "handfuls" },
  { id: "bowlful", label: "A bowlful", plural: "bowlfuls" },
  { id: "basket", label: "A basket", plural: "baskets" },
  { id: "grams", label: "Weighed (grams)", plural: "g" },
];

export const HARVEST_NOTE_MAX = 500;

export const HARVEST_MESSAGES = {
  plant: "Choose a plant from the list.",
  date: "Enter the day you picked, like 2026-11-26.",
  future: "That day hasn't come yet: choose today or an earlier day.",
  tooOld: "Choose a day in the last two years.",
  amount: "Choose roughly how much you picked.",
  grams: "Enter the weight as a whole number of grams, from 1 to 100000.",
  note: `Keep the note to ${HARVEST_NOTE_MAX} characters or fewer.`,
  recorded: "Harvest recorded.",
  deleted: "Harvest deleted.",
  notFound: "That harvest isn't in your log.",
} as const;

const AMOUNT_IDS = HARVEST_AMOUNTS.map((a) => a.id) as [HarvestAmount, ...HarvestAmount[]];

/** The earliest day a picking may be dated: the same day two years before today. */
export function earliestHarvestDay(today: string): string {
  return `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
}

/**
 * The form as posted, checked against the library's ids and today's New Zealand date. Field names
 * are the form's, so each message shows beside its field.
 */
export function harvestFormSchema(plantIds: ReadonlySet<string>, today: string) {
  return z
    .object({
      plantId: z
        .string({ message: HARVEST_MESSAGES.plant })
        .refine((id) => plantIds.has(id), { message: HARVEST_MESSAGES.plant }),
      pickedOn: z.iso
        .date({ message: HARVEST_MESSAGES.date })
        .refine((d) => d <= today, { message: HARVEST_MESSAGES.future })
        .refine((d) => d >= earliestHarvestDay(today), {
          message: HARVEST_MESSAGES.tooOld,
        }),
      amount: z.enum(AMOUNT_IDS, { message: HARVEST_MESSAGES.amount }),
      grams: z.string({ message: HARVEST_MESSAGES.grams }).trim().optional().default(""),
      note: freeText({ max: HARVEST_NOTE_MAX, multiline: true, tooLong: HARVEST_MESSAGES.note })
        .optional()
        .default(""),
    })
    .transform((v, ctx) => {
      let grams: number | null = null;
      if (v.amount === "grams") {
        grams = /^\d{1,6}$/.test(v.grams) ? Number(v.grams) : NaN;
        if (!(grams >= 1 && grams <= 100_000)) {
          ctx.addIssue({ code: "custom", path: ["grams"], message: HARVEST_MESSAGES.grams });
          return z.NEVER;
        }
      }
      return {
        plantId: v.plantId,
        pickedOn: v.pickedOn,
        amount: v.amount,
        grams,
        note: v.note === "" ? null : v.note,
      };
    });
}

export type HarvestInput = z.output<ReturnType<typeof harvestFormSchema>>;

export interface HarvestEntry {
  id: string;
  plantId: string;
  pickedOn: string;
  amount: HarvestAmount;
  grams: number | null;
  note: string | null;
}

/** The New Zealand growing season holding a date: 1 July to 30 June, named "2026–27". */
export function growingSeason(date: string): { start: string; end: string; name: string } {
  const year = Number(date.slice(0, 4));
  const startYear = Number(date.slice(5, 7)) >= 7 ? year : year - 1;
  return {
    start: `${startYear}-07-01`,
    end: `${startYear + 1}-06-30`,
    name: `${startYear}–${String(startYear + 1).slice(2)}`,
  };
}

export interface SeasonPlantSummary {
  plantId: string;
  pickings: number;
  /** How many pickings of each rough amount, and the grams weighed. */
  counts: Record<Exclude<HarvestAmount, "grams">, number>;
  grams: number;
}

/**
 * The season's harvest by plant: pickings and what they add up to, most pickings first (then by
 * plant id, so the order is stable).
 */
export function seasonSummary(entries: readonly HarvestEntry[], today: string) {
  const season = growingSeason(today);
  const byPlant = new Map<string, SeasonPlantSummary>();
  for (const e of entries) {
    if (e.pickedOn < season.start || e.pickedOn > season.end) continue;
    const s = byPlant.get(e.plantId) ?? {
      plantId: e.plantId,
      pickings: 0,
      counts: { few: 0, handful: 0, bowlful: 0, basket: 0 },
      grams: 0,
    };
    s.pickings += 1;
    if (e.amount === "grams") s.grams += e.grams ?? 0;
    else s.counts[e.amount] += 1;
    byPlant.set(e.plantId, s);
  }
  const plants = [...byPlant.values()].sort(
    (a, b) => b.pickings - a.pickings || a.plantId.localeCompare(b.plantId),
  );
  return { season, plants };
}

/** A plant's season total in words: "2 handfuls, a basket and 450 g". */
export function summaryWords(s: SeasonPlantSummary): string {
  const parts: string[] = [];
  for (const a of HARVEST_AMOUNTS) {
    if (a.id === "grams") {
      if (s.grams > 0) parts.push(`${s.grams} g`);
      continue;
    }
    const n = s.counts[a.id];
    if (n === 1) parts.push(a.label.toLowerCase());
    else if (n > 1) parts.push(a.id === "few" ? `a few ${n} times` : `${n} ${a.plural}`);
  }
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** One entry's amount in words: "a handful", "450 g". */
export function amountWords(e: Pick<HarvestEntry, "amount" | "grams">): string {
  if (e.amount === "grams") return `${e.grams ?? 0} g`;
  return HARVEST_AMOUNTS.find((a) => a.id === e.amount)!.label.toLowerCase();
}
