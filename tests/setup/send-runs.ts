// What the send-run tests (a region's launch, a month's tips) expect of a run that has finished
// with everyone sent: who asked, as many sent as listed, no job left, nobody skipped, and the
// admin's progress no longer going.
import { expect } from "vitest";
import { sendRunIsGoing } from "#app/components/send-runs-table.tsx";
import type { RunCounts, SendRunRow } from "#app/modules/notifications/send-run-progress.server.ts";

export function expectAllSent(
  progress: (SendRunRow & RunCounts) | undefined,
  run: Record<string, unknown> & { requestedBy: string; recipients: number },
) {
  expect(progress).toMatchObject({ ...run, sent: run.recipients, pending: 0, skipped: 0 });
  expect(sendRunIsGoing(progress!)).toBe(false);
}
