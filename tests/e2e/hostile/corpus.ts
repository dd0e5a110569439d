// The hostile values the fuzz suite sends (issue 17, finding 7), and the encoders that put them on
// the wire byte for byte: a lone surrogate can't be written as UTF-8, so forms carry the bytes a
// broken client would send (ED A0 80) and JSON carries the escape "\ud800", which JSON.parse turns
// back into a real lone surrogate on the server.

export const ONE_MB = 1024 * 1024;
const DEPTH = 10_000;

/** A value for a form field: text, the field sent twice, or a file where text is expected. */
export type FormValue =
  | { kind: "text"; text: string }
  | { kind: "repeated"; text: string }
  | { kind: "file"; text: string };

export interface Hostile<T> {
  label: string;
  value: T;
}

const text = (t: string): FormValue => ({ kind: "text", text: t });

/** Every field gets these three (the must-haves). */
export const REQUIRED_FORM_VALUES: Hostile<FormValue>[] = [
  { label: "NUL", value: text("kea\u0000tui") },
  { label: "lone surrogate", value: text("kea\uD800tui") },
  { label: "1 MB string", value: text("x".repeat(ONE_MB)) },
];

/** Sampled per field, round-robin, so the whole list is sent many times over a run. */
export const SAMPLED_FORM_VALUES: Hostile<FormValue>[] = [
  { label: "CR/LF", value: text("kea\r\nSet-Cookie: fuzz=1\r\n\r\n<b>tui</b>") },
  { label: "RTL override", value: text("\u202Etxt.exe\u202C kea") },
  { label: "C1 controls", value: text("kea\u0085\u009B31m tui") },
  { label: "very long number", value: text("9".repeat(400)) },
  { label: "negative number", value: text("-1") },
  { label: "huge negative number", value: text("-99999999999999999999999999") },
  { label: "exponent", value: text("1e309") },
  { label: "path traversal", value: text("../../../../etc/passwd") },
  { label: "SQL", value: text("' OR '1'='1'; DROP TABLE contacts; --") },
  { label: "HTML", value: text('<script>alert(1)</script><img src=x onerror="alert(1)">') },
  { label: "empty", value: text("") },
  { label: "field sent twice", value: { kind: "repeated", text: "kea" } },
  { label: "file instead of text", value: { kind: "file", text: "kea\u0000" } },
  { label: "deeply nested JSON text", value: text("[".repeat(DEPTH) + "]".repeat(DEPTH)) },
  { label: "JSON with a lone surrogate", value: text('[{"productId":"\\ud800","quantity":1}]') },
  { label: "UTF-8 BOM and zero-width", value: text("\uFEFFkea\u200B\u200Dtui") },
];

/** The value sampled for the n-th field: every sampled value comes round in turn. */
export function sampledFor(n: number, count: number): Hostile<FormValue>[] {
  const out: Hostile<FormValue>[] = [];
  for (let i = 0; i < count; i++) {
    out.push(SAMPLED_FORM_VALUES[(n * count + i) % SAMPLED_FORM_VALUES.length]!);
  }
  return out;
}

/** JSON values (already serialised, so numbers and nesting are sent exactly as written). */
export const JSON_VALUES: Hostile<string>[] = [
  { label: "NUL", value: JSON.stringify("kea\u0000tui") },
  { label: "lone surrogate", value: JSON.stringify("kea\uD800tui") },
  { label: "1 MB string", value: JSON.stringify("x".repeat(ONE_MB)) },
  { label: "CR/LF", value: JSON.stringify("kea\r\nSet-Cookie: fuzz=1") },
  { label: "RTL override", value: JSON.stringify("\u202Etxt.exe") },
  { label: "null", value: "null" },
  { label: "true", value: "true" },
  { label: "very long number", value: "9".repeat(400) },
  { label: "negative number", value: "-1" },
  { label: "exponent", value: "1e309" },
  { label: "array", value: '["kea","tui"]' },
  { label: "object", value: '{"$gt":"","__proto__":{"admin":true}}' },
  { label: "deep nesting", value: "[".repeat(DEPTH) + "]".repeat(DEPTH) },
  { label: "path traversal", value: JSON.stringify("../../../../etc/passwd") },
  { label: "SQL", value: JSON.stringify("' OR '1'='1'; --") },
  { label: "HTML", value: JSON.stringify("<script>alert(1)</script>") },
];

/** Whole bodies that are broken as JSON documents. */
export const JSON_BODIES: Hostile<string>[] = [
  { label: "not JSON", value: "{kea" },
  { label: "top-level array", value: "[1,2,3]" },
  { label: "top-level string with NUL", value: JSON.stringify("\u0000") },
  { label: "deep nesting", value: '{"a":' + "[".repeat(DEPTH) + "]".repeat(DEPTH) + "}" },
  { label: "deep objects", value: '{"a":'.repeat(DEPTH) + "1" + "}".repeat(DEPTH) },
  { label: "1 MB body", value: JSON.stringify({ email: "x".repeat(ONE_MB) }) },
  { label: "empty", value: "" },
];

/** Short values for a URL's path or query (a 1 MB URL is refused by Node before any handler). */
export const URL_VALUES: Hostile<string>[] = [
  { label: "NUL", value: "kea\u0000tui" },
  { label: "lone surrogate", value: "kea\uD800tui" },
  { label: "8 KB string", value: "x".repeat(8 * 1024) },
  { label: "36 dashes", value: "-".repeat(36) },
  { label: "CR/LF", value: "kea\r\nSet-Cookie: fuzz=1" },
  { label: "RTL override", value: "\u202Ekea" },
  { label: "very long number", value: "9".repeat(400) },
  { label: "negative number", value: "-1" },
  { label: "path traversal", value: "../../../../etc/passwd" },
  { label: "SQL", value: "' OR '1'='1" },
  { label: "HTML", value: "<script>alert(1)</script>" },
  { label: "non-Latin-1", value: "/профиль/ōtautahi/🌱" },
];

/**
 * Percent-encodes every UTF-16 code unit sequence; a lone surrogate becomes the three bytes a
 * careless encoder writes for it (CESU-8), which are not UTF-8 (encodeURIComponent would throw).
 */
export function percentEncode(value: string): string {
  if (value.isWellFormed()) return encodeURIComponent(value);
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** The bytes of a string as UTF-8, lone surrogates written as CESU-8 (see percentEncode). */
export function rawBytes(value: string): Buffer {
  return Buffer.from(
    percentEncode(value).replace(/%([0-9A-F]{2})/g, (_, h: string) =>
      String.fromCharCode(parseInt(h, 16)),
    ),
    "latin1",
  );
}

/** A form body: url-encoded, or multipart when a value is a file. */
export function formBody(fields: [string, FormValue][]): { body: Buffer; contentType: string } {
  if (!fields.some(([, v]) => v.kind === "file")) {
    const parts: string[] = [];
    for (const [name, v] of fields) {
      const pair = `${percentEncode(name)}=${percentEncode(v.text)}`;
      parts.push(pair);
      if (v.kind === "repeated") parts.push(pair);
    }
    return {
      body: Buffer.from(parts.join("&"), "latin1"),
      contentType: "application/x-www-form-urlencoded",
    };
  }
  const boundary = `----hostile${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, v] of fields) {
    for (let copy = v.kind === "repeated" ? 2 : 1; copy > 0; copy--) {
      const filename = v.kind === "file" ? `; filename="../../kea\u0000.txt"` : "";
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename}\r\n`,
        ),
        Buffer.from(v.kind === "file" ? "Content-Type: application/octet-stream\r\n\r\n" : "\r\n"),
        rawBytes(v.text),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * What must never be stored or shown back: NUL and other C0/C1 control characters (tab, line
 * feed and carriage return aside), the replacement character a lone surrogate or broken UTF-8
 * turns into on its way to PostgreSQL, lone surrogates themselves, and the bidirectional
 * overrides and isolates that make a name read differently from what it holds.
 */
export const FORBIDDEN_STORED =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
