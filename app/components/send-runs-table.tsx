// The admin pages' table of e-mail runs (region launches, monthly tips): who started each, how many
// recipients, and how many are sent so far. Wide on a phone, so it scrolls sideways in its box.
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { useRefreshWhile } from "#app/components/ui/use-refresh-while.ts";

export interface SendRun {
  key: string;
  label: string;
  requestedAt: Date | string;
  requestedBy: string;
  recipients: number;
  fannedOutAt: Date | string | null;
  sent: number;
  /** Jobs of the run still to run, when known: the run is over at 0. */
  pending?: number;
  /** Recipients whose turn has passed without a message (unsubscribed or deleted since, say). */
  skipped?: number;
}

const startedAt = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Pacific/Auckland",
});

export function sendRunProgress(
  run: Pick<SendRun, "fannedOutAt" | "sent" | "recipients" | "skipped">,
) {
  if (!run.fannedOutAt) return "Preparing the list…";
  const skipped = run.skipped ? `, ${run.skipped} skipped` : "";
  return `${run.sent} of ${run.recipients} sent${skipped}`;
}

/**
 * Whether a run is still going (its page keeps refreshing). With the count of its pending jobs,
 * until none is left; without it, until every recipient has a sent message.
 */
export function sendRunIsGoing(
  run: Pick<SendRun, "fannedOutAt" | "sent" | "recipients" | "pending">,
): boolean {
  if (run.pending !== undefined) return run.pending > 0;
  return !run.fannedOutAt || run.sent < run.recipients;
}

/** While any run is still going, the page refreshes its progress every few seconds. */
export function useRefreshWhileSending(
  runs: Pick<SendRun, "fannedOutAt" | "sent" | "recipients" | "pending">[],
): void {
  useRefreshWhile(runs.some(sendRunIsGoing), 4000);
}

export function SendRunsTable({
  runs,
  caption,
  firstColumn,
  progressLabel,
}: {
  runs: SendRun[];
  caption: string;
  firstColumn: string;
  /** The progress bar's accessible name for a run, e.g. "Otago launch e-mails sent". */
  progressLabel: (run: SendRun) => string;
}) {
  return (
    <ScrollRegion label={`${caption}, scrolls sideways`} margin="mt-4">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-ink/75">
            {[firstColumn, "Started", "Recipients", "Progress"].map((heading) => (
              <th key={heading} scope="col" className="py-1 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            // data-pending: the jobs still to run, which tests wait on before "nothing more".
            <tr key={run.key} data-pending={run.pending}>
              <th scope="row" className="py-1 text-left font-normal">
                {run.label}
              </th>
              <td className="py-1">
                {startedAt.format(new Date(run.requestedAt))} by {run.requestedBy}
              </td>
              <td className="py-1">{run.fannedOutAt ? run.recipients : "–"}</td>
              <td className="py-1">
                <progress
                  max={Math.max(1, run.recipients)}
                  value={run.sent + (run.skipped ?? 0)}
                  className="mr-2 align-middle"
                  aria-label={progressLabel(run)}
                />
                {sendRunProgress(run)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
