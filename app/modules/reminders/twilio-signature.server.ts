// Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's auth
// token, over the full public URL Twilio called followed by every POST parameter's name and value,
// sorted by name. Checked in constant time, with node:crypto rather than the twilio package.
import { createHmac, timingSafeEqual } from "node:crypto";

export function twilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams | Iterable<[string, string]>,
): string {
  const pairs = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const data = url + pairs.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined | null,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
