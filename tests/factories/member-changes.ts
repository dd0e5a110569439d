// A member's change to their subscription that went through (ADR 047's `memberChange`): what the
// change tests expect of its answer, the words the member reads included.
import { expect } from "vitest";

export function expectChanged(outcome: unknown, message: string) {
  expect(outcome).toMatchObject({ ok: true, changed: true, message });
}
