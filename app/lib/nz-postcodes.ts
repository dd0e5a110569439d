// A New Zealand postcode's region (issue 39, ADR 079): the plan cards and the gift form take a
// postcode instead of a region. Pure, so the browser says "1010 is in Auckland" as it is typed and
// the server decides the same with the shared schema (postcode-schema.ts). No zod here: the home
// page's cards use it, and zod is not sent to pages that don't validate a form in the browser.
//
// Source: NZ Post's postcode system (2006), whose first two digits follow its delivery areas
// north to south: 01-05 Northland, 06-26 Auckland, 30-39 Waikato and Bay of Plenty, 40 Gisborne,
// 41-42 Hawke's Bay, 43-46 Taranaki and Manawatū-Whanganui, 50-69 Wellington, 70-72 the top of
// the South Island, 73-79 Canterbury and the West Coast, 80-89 Christchurch, 90-95 Otago, 96-98
// Southland. The areas are NZ Post's, not the regional councils', so near a boundary (Tuakau and
// Pōkeno, Waihī Beach, Taumarunui, Waverley and Pātea, Levin and Ōtaki, Golden Bay and the
// Sounds) the ranges below are split by the towns we know; a rural code on a boundary may land on
// its neighbour. It is an approximation good for "do we deliver there?", not for a courier: the
// delivery address still names its region. Blocks NZ Post doesn't use are unknown.
import type { NzRegion } from "./nz-regions.ts";

/** [first, last, region]: sorted, not overlapping (checked by the tests). */
export const POSTCODE_RANGES: readonly (readonly [number, number, NzRegion])[] = [
  [100, 599, "Northland"], // Whangārei 0110, Kerikeri 0230, Dargaville 0310, Kaitaia 0410, Mangawhai 0505
  [600, 999, "Auckland"], // North Shore and West 06xx, Helensville 0800, Warkworth 0910, Ōrewa 0931
  [1000, 2120, "Auckland"], // the isthmus 10xx, Waiheke 1081, Manukau 20xx, Papakura 2110, Pukekohe 2120
  [2121, 2121, "Waikato"], // Tuakau
  [2122, 2399, "Auckland"], // Waiuku 2123, Clevedon, Karaka
  [2400, 2499, "Waikato"], // Pōkeno 2402, Mercer 2474
  [2500, 2692, "Auckland"], // rural Franklin and Clevedon
  [2693, 2699, "Waikato"], // rural Tuakau and Onewhero 2697
  [3000, 3199, "Bay of Plenty"], // Rotorua 3010, Tauranga 3110, Mt Maunganui 3116, Whakatāne 3120
  [3200, 3610, "Waikato"], // Hamilton 3204, Morrinsville 3300, Taupō 3330, Cambridge 3434, Thames 3500, Waihī 3610
  [3611, 3611, "Bay of Plenty"], // Waihī Beach
  [3612, 3919, "Waikato"], // Whangamatā 3620, Huntly 3700, Te Awamutu 3800, Te Kūiti 3910
  [3920, 3924, "Manawatu-Wanganui"], // Taumarunui 3920, Ōhura
  [3925, 3947, "Waikato"],
  [3948, 3949, "Manawatu-Wanganui"], // National Park
  [3950, 3999, "Waikato"], // rural King Country and Ōtorohanga
  [4000, 4099, "Gisborne"], // Gisborne 4010, Ruatōria 4032
  [4100, 4299, "Hawke's Bay"], // Wairoa 4108, Napier 4110, Hastings 4120, Waipukurau 4200
  [4300, 4399, "Taranaki"], // New Plymouth 4310, Waitara 4320, Stratford 4332
  [4400, 4499, "Manawatu-Wanganui"], // Palmerston North 4410
  [4500, 4509, "Manawatu-Wanganui"], // Whanganui 4500
  [4510, 4520, "Taranaki"], // Waverley 4510, Pātea 4520
  [4521, 4589, "Manawatu-Wanganui"], // rural Whanganui
  [4590, 4599, "Taranaki"], // rural Waverley and Pātea
  [4600, 4624, "Taranaki"], // Hāwera 4610, Ōpunake 4616
  [4625, 4649, "Manawatu-Wanganui"], // Ohakune 4625, Raetihi 4632
  [4650, 4689, "Taranaki"], // rural South Taranaki
  [4690, 4999, "Manawatu-Wanganui"], // Feilding 4702, Taihape 4720, Foxton 4814, Pahiatua 4910, Dannevirke 4930
  [5000, 5499, "Wellington"], // Lower Hutt 5010, Upper Hutt 5018, Porirua 5022, Paraparaumu 5032
  [5500, 5511, "Manawatu-Wanganui"], // Levin 5510
  [5512, 5512, "Wellington"], // Ōtaki
  [5513, 5579, "Manawatu-Wanganui"], // rural Horowhenua
  [5580, 5599, "Wellington"], // rural Ōtaki
  [5700, 5899, "Wellington"], // Featherston 5710, Carterton 5713, Masterton 5810
  [6000, 6999, "Wellington"], // Wellington 6011
  [7000, 7009, "Tasman"], // Māpua 7005, Murchison 7007
  [7010, 7011, "Nelson"], // Nelson 7010, Stoke 7011
  [7012, 7099, "Tasman"], // Richmond 7020, Brightwater 7022, Wakefield 7025, rural Tasman
  [7100, 7109, "Marlborough"], // Havelock 7100
  [7110, 7139, "Tasman"], // Tākaka 7110, Motueka 7120
  [7140, 7149, "Marlborough"], // Rai Valley 7145
  [7150, 7189, "Tasman"], // rural Motueka and Golden Bay
  [7190, 7299, "Marlborough"], // the Sounds, Blenheim 7201, Renwick 7204, Picton 7220
  [7300, 7799, "Canterbury"], // Kaikōura 7300, Rangiora 7400, Darfield 7510, Rolleston 7614, Ashburton 7700
  [7800, 7899, "West Coast"], // Greymouth 7805, Hokitika 7810, Westport 7825, Haast 7844
  [7900, 8999, "Canterbury"], // Timaru 7910, Geraldine 7930, Christchurch 8011
  [9000, 9599, "Otago"], // Dunedin 9016, Balclutha 9230, Queenstown 9300, Wānaka 9305, Ōamaru 9400
  [9600, 9999, "Southland"], // Te Anau 9600, Gore 9710, Invercargill 9810, Bluff 9818
];

export const POSTCODE_MESSAGES = {
  malformed: "Please enter a postcode of 4 digits, like 1010",
  unknown: (postcode: string) =>
    `We don't know the postcode ${postcode}. Please check it, or choose the region instead.`,
  found: (postcode: string, region: NzRegion) => `${postcode} is in ${region}`,
  needed: "Please choose a region or enter a postcode",
} as const;

export type PostcodeRegion =
  { ok: true; postcode: string; region: NzRegion } | { ok: false; message: string };

/** A postcode as typed (spaces around it are fine) to its region, or why not. */
export function regionForPostcode(input: string): PostcodeRegion {
  const postcode = input.trim();
  if (!/^\d{4}$/.test(postcode)) return { ok: false, message: POSTCODE_MESSAGES.malformed };
  const n = Number(postcode);
  const range = POSTCODE_RANGES.find(([first, last]) => n >= first && n <= last);
  return range
    ? { ok: true, postcode, region: range[2] }
    : { ok: false, message: POSTCODE_MESSAGES.unknown(postcode) };
}

/** What a postcode being typed says: the region found, a problem, or nothing yet (under 4 digits). */
export function postcodeAnswer(typed: string): { found?: string; error?: string } {
  const postcode = typed.trim();
  if (/^\d{0,3}$/.test(postcode)) return {};
  const answer = regionForPostcode(postcode);
  return answer.ok
    ? { found: `${POSTCODE_MESSAGES.found(answer.postcode, answer.region)}.` }
    : { error: answer.message };
}
