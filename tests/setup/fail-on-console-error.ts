// A console.error during a test fails it: errors must be handled, not printed and forgotten.
import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";

let spy: MockInstance<typeof console.error>;

beforeEach(() => {
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  expect(calls, "console.error was called during the test").toEqual([]);
});
