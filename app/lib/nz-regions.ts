// New Zealand's 16 regions (SPEC §3), used by the waitlist, profiles, checkout and calendars.
export const NZ_REGIONS = [
  "Auckland",
  "Bay of Plenty",
  "Canterbury",
  "Gisborne",
  "Hawke's Bay",
  "Manawatu-Wanganui",
  "Marlborough",
  "Nelson",
  "Northland",
  "Otago",
  "Southland",
  "Taranaki",
  "Tasman",
  "Waikato",
  "Wellington",
  "West Coast",
] as const;

export type NzRegion = (typeof NZ_REGIONS)[number];

export function isNzRegion(value: unknown): value is NzRegion {
  return typeof value === "string" && (NZ_REGIONS as readonly string[]).includes(value);
}
