// The shared free-text piece (ADR 023): what it keeps, what it refuses and with which message.
import { expect, test } from "vitest";
import { freeText, opaqueId, UNUSABLE_TEXT } from "./zod.ts";

const line = freeText({ max: 20 });
const notes = freeText({ max: 40, multiline: true });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

test("keeps ordinary text, trimmed and normalised to NFC", () => {
  expect(line.parse("  Ōtautahi  ")).toBe("Ōtautahi");
  // "e" + combining acute accent becomes the one character "é".
  expect(line.parse("Mere\u0301")).toBe("Meré");
  expect(line.parse("Whānau 🌱 ٱلسلام")).toBe("Whānau 🌱 ٱلسلام");
  // Joiners and marks people's own keyboards write stay.
  expect(line.parse("a\u200Db\u200Ec")).toBe("a\u200Db\u200Ec");
});

test("refuses NUL and the other C0 and C1 control characters in a one-line field", () => {
  for (const bad of [
    "kea\u0000tui",
    "kea\ttui",
    "kea\ntui",
    "kea\rtui",
    "kea\u001Btui",
    "kea\u007Ftui",
    "kea\u0085tui",
    "kea\u009Btui",
  ]) {
    expect(messages(line.safeParse(bad)), JSON.stringify(bad)).toEqual([UNUSABLE_TEXT]);
  }
});

test("refuses lone surrogates and U+FFFD, the marks of text that didn't arrive whole", () => {
  expect(messages(line.safeParse("kea\uD800tui"))).toEqual([UNUSABLE_TEXT]);
  expect(messages(line.safeParse("kea\uDC00"))).toEqual([UNUSABLE_TEXT]);
  expect(messages(line.safeParse("kea\uFFFDtui"))).toEqual([UNUSABLE_TEXT]);
  // A whole surrogate pair is an ordinary character.
  expect(line.parse("kea\uD83C\uDF31")).toBe("kea🌱");
});

test("refuses bidirectional overrides and isolates, which disguise what a name holds", () => {
  for (const bad of ["\u202Etxt.exe", "kea\u202Atui", "kea\u2066tui\u2069"]) {
    expect(messages(line.safeParse(bad)), JSON.stringify(bad)).toEqual([UNUSABLE_TEXT]);
  }
});

test("multi-line text keeps line feeds and tabs, turns CR LF into LF, refuses the rest", () => {
  expect(notes.parse("Sow thinly.\r\nWater well.\rThen\twait.")).toBe(
    "Sow thinly.\nWater well.\nThen\twait.",
  );
  expect(messages(notes.safeParse("Sow\u0000thinly"))).toEqual([UNUSABLE_TEXT]);
  expect(messages(notes.safeParse("Sow\u000Bthinly"))).toEqual([UNUSABLE_TEXT]);
});

test("caps the length after normalising, with the field's own message when it has one", () => {
  expect(messages(line.safeParse("x".repeat(21)))).toEqual(["Use at most 20 characters."]);
  expect(line.parse("e\u0301".repeat(20))).toBe("é".repeat(20));
  const named = freeText({ max: 3, tooLong: "Keep the name short." });
  expect(messages(named.safeParse("kākā"))).toEqual(["Keep the name short."]);
});

test("a value that isn't text gets the field's message, and chains like any string", () => {
  const name = freeText({ max: 10, notText: "Please enter your name" }).min(1, {
    message: "Please enter your name",
  });
  expect(messages(name.safeParse(["kea"]))).toEqual(["Please enter your name"]);
  expect(messages(name.safeParse("   "))).toEqual(["Please enter your name"]);
  expect(freeText({ max: 5 }).optional().parse(undefined)).toBeUndefined();
});

test("ids are checked by their shape before any database sees them", () => {
  expect(opaqueId.safeParse("gRlzGvso22hheDKK1YmYach8bwei4fOY").success).toBe(true);
  expect(opaqueId.safeParse(crypto.randomUUID()).success).toBe(true);
  for (const bad of ["", "kea\u0000", "-".repeat(65), "../etc", "' OR 1=1"]) {
    expect(opaqueId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  }
});
