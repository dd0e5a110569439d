// /admin/waitlist's launch waves (ADR 041): start a wave of N spots in a region, and each region's
// waves with how many invitations were sent, claimed and expired.
import { Form } from "react-router";
import { AdminCard } from "#app/components/ui/admin-card.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { fieldAria } from "#app/components/ui/form-field.tsx";
import { RegionSelect, SureCheckbox } from "#app/components/ui/region-select.tsx";
import type { LaunchWaveRow } from "./list-launch-waves.server.ts";

const when = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function WaitlistWaves({
  waves,
  claimHours,
  answer,
  busy,
}: {
  waves: LaunchWaveRow[];
  claimHours: number;
  /** The page's refusal of this form: why, and the fields it names. */
  answer?: { error: string; fieldErrors?: Record<string, string> };
  busy: boolean;
}) {
  const errors = answer?.fieldErrors ?? {};
  const regions = [...new Set(waves.map((w) => w.region))];
  return (
    <AdminCard id="waves-title" anchor="waves" title="Launch waves" className="mt-10">
      <p className="mt-1 text-ink/80">
        Open a region a few gardens at a time: a wave invites the next people in the region's queue
        (referrals first, then sign-up time), as many as packing can take. Each gets one e-mail with
        a link that holds their spot for {claimHours} hours; an unclaimed spot then passes to the
        next person. Starting a wave opens the region for subscriptions without e-mailing everyone.
      </p>
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
        {answer ? (
          <FormProblems
            error={answer.error}
            fieldErrors={answer.fieldErrors}
            fieldIds={{ region: "wave-region", spots: "wave-spots", confirm: "wave-confirm" }}
            className="w-full"
          />
        ) : null}
        <input type="hidden" name="intent" value="start-wave" />
        <RegionSelect id="wave-region" error={errors.region} />
        <label className="flex flex-col text-sm font-semibold">
          Spots
          <input
            id="wave-spots"
            {...fieldAria("wave-spots", errors.spots)}
            type="number"
            name="spots"
            min={1}
            step={1}
            required
            inputMode="numeric"
            className="mt-1 min-h-11 w-28 rounded-xl border border-ink/20 px-3 aria-invalid:border-clay-dark"
          />
          {errors.spots ? (
            <span id="wave-spots-error" className="mt-1 text-sm font-medium text-clay-dark">
              {errors.spots}
            </span>
          ) : null}
        </label>
        <SureCheckbox id="wave-confirm" error={errors.confirm}>
          I'm sure: this e-mails that many people
        </SureCheckbox>
        <button type="submit" disabled={busy} className="btn-primary">
          Start wave
        </button>
      </Form>
      {regions.length === 0 && <p className="mt-4">No waves yet.</p>}
      {regions.map((region) => (
        <div key={region} className="mt-6 overflow-x-auto">
          <DataTable
            testId={`waves-${region}`}
            caption={region}
            rows={waves.filter((w) => w.region === region)}
            rowKey={(w) => w.id}
            columns={[
              { header: "Started", cell: (w) => when.format(new Date(w.createdAt)) },
              { header: "By", cell: (w) => w.createdBy, td: "break-all" },
              { header: "Spots", cell: (w) => w.spots },
              { header: "Sent", cell: (w) => w.sent },
              { header: "Claimed", cell: (w) => w.claimed },
              { header: "Expired", cell: (w) => w.expired },
            ]}
            classes={{ table: "w-full text-left text-sm", caption: "text-left font-semibold" }}
          />
        </div>
      ))}
    </AdminCard>
  );
}
