// Postcodes to regions (issue 39, ADR 079), with real towns' postcodes.
import { expect, test } from "vitest";
import { NZ_REGIONS } from "./nz-regions.ts";
import { POSTCODE_MESSAGES, POSTCODE_RANGES, regionForPostcode } from "./nz-postcodes.ts";
import { regionOrPostcode } from "./postcode-schema.ts";

const towns: [string, string][] = [
  ["1010", "Auckland"], // Auckland CBD
  ["0632", "Auckland"], // Albany
  ["2120", "Auckland"], // Pukekohe
  ["0110", "Northland"], // Whangārei
  ["0230", "Northland"], // Kerikeri
  ["3204", "Waikato"], // Hamilton
  ["3330", "Waikato"], // Taupō
  ["2121", "Waikato"], // Tuakau
  ["3110", "Bay of Plenty"], // Tauranga
  ["3010", "Bay of Plenty"], // Rotorua
  ["3611", "Bay of Plenty"], // Waihī Beach
  ["4010", "Gisborne"],
  ["4110", "Hawke's Bay"], // Napier
  ["4120", "Hawke's Bay"], // Hastings
  ["4310", "Taranaki"], // New Plymouth
  ["4610", "Taranaki"], // Hāwera
  ["4410", "Manawatu-Wanganui"], // Palmerston North
  ["4500", "Manawatu-Wanganui"], // Whanganui
  ["5510", "Manawatu-Wanganui"], // Levin
  ["3920", "Manawatu-Wanganui"], // Taumarunui
  ["6011", "Wellington"],
  ["5010", "Wellington"], // Lower Hutt
  ["5810", "Wellington"], // Masterton
  ["7010", "Nelson"],
  ["7020", "Tasman"], // Richmond
  ["7120", "Tasman"], // Motueka
  ["7201", "Marlborough"], // Blenheim
  ["7220", "Marlborough"], // Picton
  ["7805", "West Coast"], // Greymouth
  ["7825", "West Coast"], // Westport
  ["8011", "Canterbury"], // Christchurch
  ["7910", "Canterbury"], // Timaru
  ["7300", "Canterbury"], // Kaikōura
  ["9016", "Otago"], // Dunedin
  ["9300", "Otago"], // Queenstown
  ["9400", "Otago"], // Ōamaru
  ["9810", "Southland"], // Invercargill
  ["9600", "Southland"], // Te Anau
];

test.each(towns)("%s is in %s", (postcode, region) => {
  expect(regionForPostcode(postcode)).toEqual({ ok: true, postcode, region });
});

test("spaces around a postcode are fine", () => {
  expect(regionForPostcode(" 1010 ")).toEqual({ ok: true, postcode: "1010", region: "Auckland" });
});

test.each(["", "101", "10100", "10a0", "1 010", "-101", "١٠١٠", "1010.0"])(
  "%j is refused as malformed",
  (typed) => {
    expect(regionForPostcode(typed)).toEqual({ ok: false, message: POSTCODE_MESSAGES.malformed });
  },
);

test.each(["0000", "0099", "2800", "5650"])("%s, a block NZ Post doesn't use, is unknown", (p) => {
  expect(regionForPostcode(p)).toEqual({ ok: false, message: POSTCODE_MESSAGES.unknown(p) });
});

test("the ranges are sorted, don't overlap and name the app's regions", () => {
  let last = -1;
  for (const [first, end, region] of POSTCODE_RANGES) {
    expect(first).toBeGreaterThan(last);
    expect(end).toBeGreaterThanOrEqual(first);
    expect(end).toBeLessThanOrEqual(9999);
    expect(NZ_REGIONS).toContain(region);
    last = end;
  }
  // Every region has postcodes.
  expect(new Set(POSTCODE_RANGES.map((r) => r[2])).size).toBe(NZ_REGIONS.length);
});

const schema = regionOrPostcode({ region: "region", postcode: "postcode" }, NZ_REGIONS);

test("the schema: a postcode decides the region, even over a region chosen", () => {
  expect(schema.parse({ postcode: "9016" })).toEqual({ region: "Otago", postcode: "9016" });
  expect(schema.parse({ region: "Auckland", postcode: " 9016" })).toEqual({
    region: "Otago",
    postcode: "9016",
  });
});

test("the schema: a region without a postcode", () => {
  expect(schema.parse({ region: "Nelson", postcode: "" })).toEqual({
    region: "Nelson",
    postcode: "",
  });
});

test("the schema: a bad postcode is the postcode's error, nothing chosen is the region's", () => {
  const bad = schema.safeParse({ region: "Auckland", postcode: "2800" });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["postcode", POSTCODE_MESSAGES.unknown("2800")],
  ]);
  const none = schema.safeParse({ region: "Atlantis" });
  expect(none.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["region", POSTCODE_MESSAGES.needed],
  ]);
});
