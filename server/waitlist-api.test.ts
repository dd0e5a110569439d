// POST /api/waitlist answers every join alike (ADR 061): the same status and the same fields for a
// new address and a known one, so the answer tells no one who is on the list. Only the request
// that made the contact also gets its own things (id, signed survey link, share link).
import { expect, test } from "vitest";
import { sendWaitlistConfirmationJob } from "#app/modules/waitlist/send-waitlist-confirmation.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { createApp } from "./app.ts";
import { sendRegionMoveJob } from "#app/modules/waitlist/move-region.server.ts";

const SITE = "https://patch.test";
const env = testServices({
  smtp: true,
  queues: [sendWaitlistConfirmationJob, sendRegionMoveJob] as never,
});

const join = (email: string) =>
  createApp({ settings: env.database.settings }).request("/api/waitlist", {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({ email, region: "Otago" }),
  });

test("a new address and a known one get the same status and the same answer", async () => {
  const fresh = await join("api.fresh@example.nz");
  const known = await join("api.fresh@example.nz");
  expect(fresh.status).toBe(201);
  expect(known.status).toBe(201);
  const made = (await fresh.json()) as Record<string, unknown>;
  const again = (await known.json()) as Record<string, unknown>;
  expect(made).toMatchObject({
    contactId: expect.any(String),
    shareUrl: expect.stringMatching(/\/r\/[0-9a-z]{8}$/),
  });
  expect(again).toEqual({
    ok: true,
    emailSent: true,
    confirmationFailed: false,
    message: made.message,
    surveyUrl: `${SITE}/define-garden`,
  });
  expect(Object.keys(again).every((k) => k in made)).toBe(true);
  expect(again).not.toHaveProperty("created");
  expect(made).not.toHaveProperty("created");
  // The e-mail tells the rest: the known address got no second one within its 10 minutes.
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(env.smtp.messages.filter((m) => m.to === "api.fresh@example.nz")).toHaveLength(1);
});
