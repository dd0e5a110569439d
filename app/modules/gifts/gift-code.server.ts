// Where a gift's code comes from and how it is found (ADR 043). The code is worked out from the
// gift's id with AUTH_SECRET (HMAC-SHA256, its first 80 bits), so it is never stored: the table
// keeps its SHA-256, which finds the gift when the code is typed. With AUTH_SECRET changed before
// a gift's e-mail goes, the e-mail's job stores the new code's hash (the old code was never sent).
import { createHash, createHmac } from "node:crypto";
import { settings } from "#app/lib/env.server.ts";
import { encodeGiftCode } from "./gift-code.ts";

/** The gift's code, 16 characters (formatGiftCode groups them). */
export function giftCodeFor(giftId: string): string {
  const mac = createHmac("sha256", settings().authSecret).update(`gift-code:v1:${giftId}`).digest();
  return encodeGiftCode(mac);
}

/** What the table keeps of a normalised code. */
export function giftCodeHash(code: string): string {
  return createHash("sha256").update(`gift-code:${code}`).digest("hex");
}

/**
 * What the table keeps of a gift's code: its hash, to find the gift by, and its last four
 * characters, for an admin to find the gift a caller reads out (ADR 049).
 */
export function giftCodeColumns(code: string): { codeHash: string; codeEnd: string } {
  return { codeHash: giftCodeHash(code), codeEnd: code.slice(-4) };
}
