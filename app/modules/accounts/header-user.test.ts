// The member hint: recognised in a Cookie header (and by the <head> script), set and cleared.
import { expect, test } from "vitest";
import { hasMemberHint, MEMBER_HINT_SCRIPT, memberHintCookie } from "./header-user.ts";

test("the hint is recognised only as patch.member=1", () => {
  expect(hasMemberHint("patch.member=1")).toBe(true);
  expect(hasMemberHint("a=b; patch.member=1; c=d")).toBe(true);
  expect(hasMemberHint("patch.member=")).toBe(false);
  expect(hasMemberHint("patch.member=10")).toBe(false);
  expect(hasMemberHint("xpatch.member=1")).toBe(false);
  expect(hasMemberHint(null)).toBe(false);
});

test("the <head> script adds the class exactly when the hint is there", () => {
  for (const [cookie, expected] of [
    ["a=b; patch.member=1", true],
    ["patch.member=", false],
    ["", false],
  ] as const) {
    const classes = new Set<string>();
    const document = {
      cookie,
      documentElement: { classList: { add: (c: string) => classes.add(c) } },
    };
    new Function("document", MEMBER_HINT_SCRIPT)(document);
    expect(classes.has("member"), cookie).toBe(expected);
  }
});

test("set for the session's length, cleared at once; Secure on https", () => {
  expect(memberHintCookie(true, true)).toBe(
    "patch.member=1; Max-Age=2592000; Path=/; SameSite=Lax; Secure",
  );
  expect(memberHintCookie(false, false)).toBe("patch.member=; Max-Age=0; Path=/; SameSite=Lax");
});
