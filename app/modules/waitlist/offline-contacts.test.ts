import { beforeEach, expect, test, vi } from "vitest";
import type { Answer, LocalContact, SendOutcome } from "./offline-contacts.ts";

// The browser's localStorage, as a plain in-memory Storage.
const stored = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
});
const {
  CONTACTS_KEY,
  RETRY_DELAYS_MS,
  contactIdFor,
  flushPendingContacts,
  forgetContact,
  keepContact,
  markSent,
  pendingContacts,
  sendWithRetries,
} = await import("./offline-contacts.ts");

beforeEach(() => stored.clear());

const saved = () => JSON.parse(stored.get(CONTACTS_KEY) ?? "[]") as LocalContact[];
const contact = (over: Partial<LocalContact> = {}): LocalContact => ({
  id: "c1",
  email: "kiri@example.nz",
  address: { state: "Otago", country: "New Zealand" },
  source: "waitlist_page",
  timestamp: "2025-01-01T00:00:00.000Z",
  ...over,
});

/** A fake sleep that records the waits and returns at once. */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
}

/** A send that answers from a script: a number is a status, "down" is no answer at all. */
function scripted(script: (number | "down")[]) {
  const calls: number[] = [];
  const send = async (): Promise<Answer<{ n: number }>> => {
    calls.push(calls.length);
    const step = script[calls.length - 1] ?? "down";
    if (step === "down") throw new TypeError("Failed to fetch");
    return { status: step, body: { n: calls.length } };
  };
  return { calls, send };
}

/** sendWithRetries against a scripted server: its answer, how many sends it made, its waits. */
async function retried(
  script: (number | "down")[],
  options?: Parameters<typeof sendWithRetries>[2],
) {
  const { calls, send } = scripted(script);
  const { waits, wait } = fakeSleep();
  const outcome = await sendWithRetries(send, wait, options);
  return { outcome, sends: calls.length, waits };
}

test("the retry delays grow from 1 s to 30 s, three of them", () => {
  expect(RETRY_DELAYS_MS).toEqual([1_000, 5_500, 30_000]);
});

test("keepContact merges by id first, then by e-mail, keeping the original timestamp", () => {
  keepContact(contact());
  keepContact(contact({ id: "c2", email: "aroha@example.nz" }));
  // Same id, new e-mail and region: the id's entry changes, not the other one.
  keepContact(
    contact({ email: "aroha@example.nz", address: { state: "Nelson", country: "New Zealand" } }),
  );
  expect(saved().map((c) => [c.id, c.email, c.address.state])).toEqual([
    ["c1", "aroha@example.nz", "Nelson"],
    ["c2", "aroha@example.nz", "Otago"],
  ]);
  // A new id with a known e-mail: merged into the first entry with that e-mail.
  keepContact(
    contact({ id: "c3", email: "kiri@example.nz", timestamp: "2025-06-01T00:00:00.000Z" }),
  );
  keepContact(
    contact({ id: "c9", email: "new@example.nz", timestamp: "2025-06-01T00:00:00.000Z" }),
  );
  keepContact(
    contact({
      id: "c9",
      email: "new@example.nz",
      plan: "2m2",
      timestamp: "2025-07-01T00:00:00.000Z",
    }),
  );
  expect(saved()).toHaveLength(4);
  expect(saved()[3]).toMatchObject({
    id: "c9",
    plan: "2m2",
    timestamp: "2025-06-01T00:00:00.000Z",
  });
  expect(saved()[0]).toMatchObject({ id: "c1", timestamp: "2025-01-01T00:00:00.000Z" });
  expect(contactIdFor("new@example.nz")).toBe("c9");
  expect(contactIdFor("someone@example.nz")).toMatch(/^[0-9a-f-]{36}$/);
});

test("pending entries until marked sent; a refused one is forgotten", () => {
  keepContact(contact({ pending: true }));
  keepContact(contact({ id: "c2", email: "aroha@example.nz", pending: true }));
  keepContact(contact({ id: "c3", email: "tama@example.nz" }));
  expect(pendingContacts().map((c) => c.id)).toEqual(["c1", "c2"]);
  markSent("c1");
  expect(pendingContacts().map((c) => c.id)).toEqual(["c2"]);
  expect(saved().find((c) => c.id === "c1")?.pending).toBe(false);
  forgetContact("c2");
  expect(pendingContacts()).toEqual([]);
  expect(saved().map((c) => c.id)).toEqual(["c1", "c3"]);
});

test("no answer: the attempt and 3 retries, 1 s, 5.5 s and 30 s apart, with no wait after", async () => {
  expect(await retried(["down", "down", "down", "down", 201])).toEqual({
    outcome: { kind: "unreachable" },
    sends: 4,
    waits: [1_000, 5_500, 30_000],
  });
});

test("after the form's own failed attempt, exactly 3 retries, the first after 1 s", async () => {
  expect(await retried(["down", "down", "down", 201], { firstAttemptFailed: true })).toEqual({
    outcome: { kind: "unreachable" },
    sends: 3,
    waits: [1_000, 5_500, 30_000],
  });
});

test("server failures (5xx) are retried; success on the 2nd retry stops there", async () => {
  expect(await retried(["down", 503, 201])).toEqual({
    outcome: { kind: "accepted", answer: { status: 201, body: { n: 3 } } },
    sends: 3,
    waits: [1_000, 5_500],
  });
});

test("a 4xx answer stops the retries and is given back with the server's message", async () => {
  expect(await retried(["down", 400, 201])).toEqual({
    outcome: { kind: "refused", answer: { status: 400, body: { n: 2 } } },
    sends: 2,
    waits: [1_000],
  });
});

test("an entry sent another way meanwhile is not sent again", async () => {
  const { calls, send } = scripted(["down", 201]);
  let wanted = true;
  const outcome = await sendWithRetries(send, async () => void (wanted = false), {
    stillWanted: () => wanted,
  });
  expect(outcome).toEqual({ kind: "dropped" });
  expect(calls).toHaveLength(1);
});

test("one flush at a time: accepted marked sent, invalid forgotten, the rest kept", async () => {
  keepContact(contact({ id: "ok", email: "ok@example.nz", pending: true }));
  keepContact(contact({ id: "bad", email: "bad@example.nz", pending: true }));
  keepContact(contact({ id: "busy", email: "busy@example.nz", pending: true }));
  keepContact(contact({ id: "down", email: "down@example.nz", pending: true }));
  const answers: Record<string, number | "down"> = { ok: 201, bad: 400, busy: 429, down: "down" };
  const sent: string[] = [];
  const send = async (c: LocalContact): Promise<Answer<object>> => {
    sent.push(c.id);
    const step = answers[c.id]!;
    if (step === "down") throw new TypeError("Failed to fetch");
    return { status: step, body: {} };
  };
  const reports: [string, SendOutcome<object>["kind"]][] = [];
  const report = (c: LocalContact, o: SendOutcome<object>) => void reports.push([c.id, o.kind]);
  const { waits, wait } = fakeSleep();

  const first = flushPendingContacts(send, report, { wait });
  const second = flushPendingContacts(send, report, { wait });
  expect(second).toBe(first);
  await Promise.all([first, second]);

  expect(sent).toEqual(["ok", "bad", "busy", "down", "down", "down", "down"]);
  expect(waits).toEqual([1_000, 5_500, 30_000]);
  expect(reports).toEqual([
    ["ok", "accepted"],
    ["bad", "refused"],
    ["busy", "refused"],
    ["down", "unreachable"],
  ]);
  expect(pendingContacts().map((c) => c.id)).toEqual(["busy", "down"]);
  expect(saved().map((c) => c.id)).toEqual(["ok", "busy", "down"]);

  // The next flush (online, a visit, the tab shown again) starts afresh.
  answers.down = 201;
  answers.busy = 201;
  await flushPendingContacts(send, report, { wait });
  expect(pendingContacts()).toEqual([]);
});

test("a flush after the form's failed attempt retries that entry 3 times and picks up new ones", async () => {
  keepContact(contact({ pending: true }));
  const sent: string[] = [];
  const { waits } = fakeSleep();
  const wait = async (ms: number) => {
    waits.push(ms);
    // Kept while the flush waits: the running flush sends it too.
    if (waits.length === 1)
      keepContact(contact({ id: "c2", email: "late@example.nz", pending: true }));
  };
  const send = async (c: LocalContact): Promise<Answer<object>> => {
    sent.push(c.id);
    throw new TypeError("Failed to fetch");
  };
  await flushPendingContacts(send, () => {}, { wait, justFailed: "c1" });
  expect(sent).toEqual(["c1", "c1", "c1", "c2", "c2", "c2", "c2"]);
  expect(waits).toEqual([1_000, 5_500, 30_000, 1_000, 5_500, 30_000]);
  expect(pendingContacts().map((c) => c.id)).toEqual(["c1", "c2"]);
});

test("a flush with nothing to send doesn't block the next one", async () => {
  const sent: string[] = [];
  const send = async (c: LocalContact): Promise<Answer<object>> => {
    sent.push(c.id);
    return { status: 201, body: {} };
  };
  await flushPendingContacts(send, () => {});
  keepContact(contact({ pending: true }));
  await flushPendingContacts(send, () => {});
  expect(sent).toEqual(["c1"]);
  expect(pendingContacts()).toEqual([]);
});
