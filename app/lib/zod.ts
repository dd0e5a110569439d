// zod for modules that also run in the browser. zod 4 compiles fast parsers with `new Function`
// when it can; our CSP allows no eval, so in the browser that probe is a CSP violation report on
// every page with a form. There it runs without the compiler (jitless); the server keeps it.
//
// Also the shared pieces every form schema builds on (ADR 023): free text, and the shapes of ids.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

/** The one message for text we refuse to keep: people see it only after pasting odd text. */
export const UNUSABLE_TEXT =
  "This has hidden characters we can't accept, such as control codes. Please type it again.";

// C0 and C1 control characters (DEL included); multi-line text keeps tab and line feed. Also the
// bidirectional embeddings, overrides and isolates, which make a name or an address read
// differently from what it holds (in the admin pages, e-mails and CSV exports).
// eslint-disable-next-line no-control-regex -- control characters are what these look for
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as above, with tab and line feed allowed
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// A lone surrogate (JSON can carry one) can't be stored as UTF-8, and U+FFFD is what broken UTF-8
// or a lone surrogate becomes on the way in: either way the text isn't what the person typed.
const BROKEN = /\p{Cs}|\uFFFD/u;

export interface FreeTextOptions {
  /** Longest accepted, in UTF-16 code units after normalising (what `maxlength` counts). */
  max: number;
  /** Notes and descriptions: keeps line feeds and tabs; CR LF and lone CR become LF. */
  multiline?: boolean;
  /** The message when too long (default "Use at most {max} characters."). */
  tooLong?: string;
  /** The message when the value isn't text at all (a file, or a list in JSON). */
  notText?: string;
}

/**
 * Free text as a person types it: NFC-normalised and trimmed, at most `max` long, and refused
 * with UNUSABLE_TEXT when it holds control characters, bidirectional overrides, lone surrogates
 * or U+FFFD. It stays a ZodString, so `.min()`, `.optional()` and friends chain on as usual.
 */
export function freeText({ max, multiline = false, tooLong, notText }: FreeTextOptions) {
  const control = multiline ? CONTROL_MULTILINE : CONTROL;
  return z
    .string(notText ? { message: notText } : undefined)
    .overwrite((v) => (multiline ? v.replace(/\r\n?/g, "\n") : v).normalize("NFC"))
    .trim()
    .max(max, { message: tooLong ?? `Use at most ${max} characters.` })
    .refine((v) => !BROKEN.test(v) && !control.test(v), { message: UNUSABLE_TEXT });
}

/** Ids that better-auth makes (32 letters and digits) or that we make (UUIDs), by their shape. */
export const opaqueId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
