// Text-message wording rules: reminders are short (at most two SMS segments, 320 characters), in
// the GSM 7-bit alphabet so every phone shows them and no segment shrinks to 70 characters, and end
// with how to stop them. The guides' te reo macrons and typographic punctuation are folded to plain
// letters here rather than sent as Unicode.

export const SMS_MAX_LENGTH = 320;
export const STOP_LINE = "Reply STOP to end.";

// The GSM 03.38 basic character set (one septet each).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
// The extension table: two septets each (escape + character).
const GSM_EXTENDED = "^{}\\[~]|€";

const FOLD: Record<string, string> = {
  ā: "a",
  ē: "e",
  ī: "i",
  ō: "o",
  ū: "u",
  Ā: "A",
  Ē: "E",
  Ī: "I",
  Ō: "O",
  Ū: "U",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "·": ",",
  "•": "-",
  "…": "...",
  "²": "2",
  "³": "3",
  "×": "x",
  "°": " degrees",
  "\u00a0": " ",
  "\t": " ",
};

/** The text in the GSM alphabet: macrons and smart punctuation folded, anything else dropped. */
export function toGsm(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const folded = FOLD[ch] ?? ch;
    for (const c of folded) {
      if (GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c)) out += c;
      else {
        // Other accented letters lose their accent (é stays: it is in the alphabet).
        const bare = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
        if (bare.length === 1 && GSM_BASIC.includes(bare)) out += bare;
      }
    }
  }
  return out.replace(/ {2,}/g, " ");
}

export function isGsm(text: string): boolean {
  for (const c of text) if (!GSM_BASIC.includes(c) && !GSM_EXTENDED.includes(c)) return false;
  return true;
}

/** Length in septets, as the network counts it (extension characters count twice). */
export function gsmLength(text: string): number {
  let n = 0;
  for (const c of text) n += GSM_EXTENDED.includes(c) ? 2 : 1;
  return n;
}

function clip(text: string, room: number): string {
  if (gsmLength(text) <= room) return text;
  if (room <= 3) return "";
  let cut = text.slice(0, room - 3);
  const space = cut.lastIndexOf(" ");
  if (space > cut.length / 2) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.-]+$/, "")}...`;
}

/**
 * One text from a fixed opening, as many of the listed items as fit (joined by `joiner`, the last
 * clipped if even the first won't fit), optional extras while they fit, and the fixed ending, which
 * always includes STOP_LINE.
 */
export function fitText(
  parts: {
    opening: string;
    items?: string[];
    itemsLead?: string;
    joiner?: string;
    /** Added in order while they fit; a list is alternatives, longest first, the first that fits. */
    extras?: (string | string[])[];
    ending: string;
  },
  max = SMS_MAX_LENGTH,
): string {
  const opening = toGsm(parts.opening).trim();
  const ending = toGsm(`${parts.ending.trim()} ${STOP_LINE}`).trim();
  const joiner = parts.joiner ?? "; ";
  const assemble = (middle: string[]) => [opening, ...middle, ending].filter(Boolean).join(" ");
  const middle: string[] = [];
  const items = (parts.items ?? []).map((i) => toGsm(i).trim().replace(/\.$/, "")).filter(Boolean);
  if (items.length > 0) {
    const lead = parts.itemsLead ? `${toGsm(parts.itemsLead).trim()} ` : "";
    let chosen: string[] = [];
    for (const item of items) {
      const attempt = [...chosen, item];
      if (gsmLength(assemble([`${lead}${attempt.join(joiner)}.`])) <= max) chosen = attempt;
      else break;
    }
    if (chosen.length === 0) {
      const room = max - gsmLength(assemble([`${lead}.`]));
      const clipped = clip(items[0] ?? "", room);
      if (clipped) chosen = [clipped.replace(/\.+$/, "")];
      if (clipped.endsWith("...")) chosen = [clipped];
    }
    if (chosen.length > 0) {
      const list = chosen.join(joiner);
      middle.push(`${lead}${list}${list.endsWith("...") ? "" : "."}`);
    }
  }
  for (const extra of parts.extras ?? []) {
    const choices = (Array.isArray(extra) ? extra : [extra]).map((e) => toGsm(e).trim());
    const fits = choices.find((e) => e && gsmLength(assemble([...middle, e])) <= max);
    if (fits) middle.push(fits);
  }
  const text = assemble(middle);
  return gsmLength(text) <= max ? text : `${clip(opening, max - gsmLength(ending) - 1)} ${ending}`;
}

/** "+64 21 555 0101" from "+64215550101"; other countries' numbers are shown as stored. */
export function formatPhone(e164: string): string {
  if (!/^\+64\d{7,10}$/.test(e164)) return e164;
  // Mobiles (2x) keep a two-digit prefix; landlines (3, 4, 6, 7, 9) one.
  const prefix = e164.startsWith("+642") ? e164.slice(3, 5) : e164.slice(3, 4);
  const local = e164.slice(3 + prefix.length);
  const groups =
    local.length === 7
      ? [local.slice(0, 3), local.slice(3)]
      : local.length === 8
        ? [local.slice(0, 4), local.slice(4)]
        : local.length === 6
          ? [local.slice(0, 3), local.slice(3)]
          : [local];
  return `+64 ${prefix} ${groups.join(" ")}`;
}
