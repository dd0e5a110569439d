// Phone numbers as people write them: New Zealand numbers in their local form (021 555 0142,
// 09 555 0142), or any number with its country code (+61 4…, 0061 4…, 64 21…). One reader for
// every form that asks for a number (text sign-in, checkout's courier contact), so a number
// typed once means the same thing everywhere.

/** E.164: a plus, a country code that doesn't start with 0, 8 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** The number in +E.164 form when it can be read as one; otherwise the digits as typed. */
export function normalisePhone(value: string): string {
  const digits = value.trim().replace(/[\s()-]/g, "");
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `+64${digits.slice(1)}`;
  if (digits.startsWith("64")) return `+${digits}`;
  return digits;
}
