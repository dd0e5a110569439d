// A gift's code as people read, type and say it (ADR 043): 16 characters of Crockford's base32
// (80 bits), shown in four groups, "7KQ2-M9XD-4HTR-P3WA". Typing is forgiving: any case, spaces or
// hyphens anywhere, and the letters people confuse with digits (O for 0, I and L for 1) read as
// the digits, since the alphabet has no O, I, L or U. Shared by the redeem page and the server.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CODE_LENGTH = 16;
const SHAPE = new RegExp(`^[${ALPHABET}]{${GIFT_CODE_LENGTH}}$`);

const END = new RegExp(`^[${ALPHABET}]{4}$`);

/** What was typed in the code's alphabet: upper case, no spaces or hyphens, O as 0, I and L as 1. */
function cleaned(typed: unknown): string | null {
  if (typeof typed !== "string" || typed.length > 64) return null;
  return typed
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/** The code's 16 characters, or null when what was typed can't be a code. */
export function normaliseGiftCode(typed: unknown): string | null {
  const code = cleaned(typed);
  return code && SHAPE.test(code) ? code : null;
}

/** A code's last four characters as an admin types them from a caller (ADR 049), or null. */
export function normaliseCodeEnd(typed: unknown): string | null {
  const end = cleaned(typed);
  return end && END.test(end) ? end : null;
}

/** "7KQ2M9XD4HTRP3WA" → "7KQ2-M9XD-4HTR-P3WA". */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

/** 80 bits (10 bytes) as 16 characters of the alphabet. */
export function encodeGiftCode(bytes: Uint8Array): string {
  let bits = 0n;
  for (const b of bytes.subarray(0, 10)) bits = (bits << 8n) | BigInt(b);
  let code = "";
  for (let i = GIFT_CODE_LENGTH - 1; i >= 0; i--)
    code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}
