// New Zealand's 16 regions (SPEC §3), used by the waitlist, profiles, checkout and calendars.
import { oneOf } from "./one-of.ts";

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

export const isNzRegion = oneOf(NZ_REGIONS);
