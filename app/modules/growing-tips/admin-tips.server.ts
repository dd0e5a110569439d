// What /admin/tips shows: a month and climate zone to preview (next New Zealand month and the
// temperate zone unless chosen), the months one can pick, and the runs so far.
import { CLIMATE_ZONES, type ClimateZoneId } from "#app/modules/guidance/climate-zones.ts";
import { growingTipsProgress, type TipsRunProgress } from "./send-growing-tips.server.ts";
import { formatTipsMonth, isTipsMonth, newZealandMonth, type TipsMonth } from "./tips-month.ts";

export type PreviewZone = ClimateZoneId | "general";

export const PREVIEW_ZONES: { id: PreviewZone; name: string }[] = [
  ...CLIMATE_ZONES.map((z) => ({ id: z.id, name: `${z.name} (${z.regions.join(", ")})` })),
  { id: "general", name: "Region not known (general New Zealand)" },
];

const isPreviewZone = (value: unknown): value is PreviewZone =>
  PREVIEW_ZONES.some((z) => z.id === value);

export function readTipsChoice(params: URLSearchParams): { month: TipsMonth; zone: PreviewZone } {
  const month = params.get("month");
  const zone = params.get("zone");
  return {
    month: isTipsMonth(month) ? month : newZealandMonth(1),
    zone: isPreviewZone(zone) ? zone : "temperate",
  };
}

export interface AdminTipsOverview {
  months: { value: TipsMonth; label: string }[];
  runs: (TipsRunProgress & { label: string })[];
}

/** This month and the next twelve, plus any month already run. */
export async function adminTipsOverview(chosen: TipsMonth): Promise<AdminTipsOverview> {
  const runs = await growingTipsProgress();
  const values = new Set<TipsMonth>([chosen]);
  for (let i = 0; i <= 12; i++) values.add(newZealandMonth(i));
  for (const run of runs) if (isTipsMonth(run.month)) values.add(run.month);
  return {
    months: [...values].sort().map((value) => ({ value, label: formatTipsMonth(value) })),
    runs: runs.map((run) => ({
      ...run,
      label: isTipsMonth(run.month) ? formatTipsMonth(run.month) : run.month,
    })),
  };
}
