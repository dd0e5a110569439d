// "Harvest log" on /garden (issue 23, ADR 042): a small form to record a picking (the plants in the
// member's saved plan first), this season's summary by plant, and their pickings newest first,
// each with its own delete. Plain forms posting to /garden's action, so they work without
// JavaScript; a refused field shows the server's words beside it, and the error summary at the
// form's top (issue 39) lists them as links to their fields and takes focus.
import { Form } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { controlProps, FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { paths } from "#app/lib/paths.ts";
import { formatDate } from "#app/modules/guidance/new-zealand-date.ts";
import { GardenPanel } from "./garden-panel.tsx";
import {
  amountWords,
  HARVEST_AMOUNTS,
  HARVEST_NOTE_MAX,
  summaryWords,
  type HarvestEntry,
  type SeasonPlantSummary,
} from "./harvest-log.ts";

export const HARVEST_INTENTS = { add: "harvest-add", remove: "harvest-delete" } as const;

export interface HarvestLogData {
  today: string;
  earliest: string;
  /** Library plants as [id, name]: the saved plan's first, then the rest. */
  inPlan: [string, string][];
  others: [string, string][];
  entries: HarvestEntry[];
  total: number;
  summary: { season: { name: string }; plants: SeasonPlantSummary[] };
}

export interface HarvestAnswer {
  intent: string;
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** What was posted, so a refused form keeps it (also without JavaScript). */
  values?: Record<string, string>;
}

export function HarvestLogView({
  data,
  answer,
  busy,
}: {
  data: HarvestLogData;
  answer?: HarvestAnswer;
  busy: boolean;
}) {
  const names = new Map([...data.inPlan, ...data.others]);
  const nameOf = (id: string) => names.get(id) ?? id;
  const added = answer?.intent === HARVEST_INTENTS.add ? answer : undefined;
  const removed = answer?.intent === HARVEST_INTENTS.remove ? answer : undefined;
  const errors = added?.fieldErrors ?? {};
  const values = added?.values ?? {};
  const amount = values.amount ?? "handful";
  return (
    <GardenPanel name="harvest-log" title="Harvest log">
      <p className="mt-2 text-ink/80">
        Note what you pick, roughly how much, and see what your garden gave you this season.
      </p>
      <Form
        method="post"
        action={paths.garden}
        noValidate
        className="mt-4 flex flex-col gap-4"
        aria-labelledby="harvest-form-heading"
      >
        <h3 id="harvest-form-heading" className="text-lg font-semibold">
          Record a harvest
        </h3>
        <input type="hidden" name="intent" value={HARVEST_INTENTS.add} />
        <ErrorSummary errors={added?.ok ? undefined : added?.fieldErrors} />
        {added && !added.ok && !added.fieldErrors && (
          <FormMessage tone="error">{added.message}</FormMessage>
        )}
        <FormField id="plantId" label="Plant" error={errors.plantId}>
          <select
            {...controlProps("plantId", errors.plantId)}
            defaultValue={values.plantId ?? data.inPlan[0]?.[0] ?? ""}
            className="min-h-11 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark"
          >
            {data.inPlan.length > 0 && (
              <optgroup label="In your plan">
                {data.inPlan.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label={data.inPlan.length > 0 ? "Other plants" : "Plants"}>
              {data.others.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </optgroup>
          </select>
        </FormField>
        <FormField
          id="pickedOn"
          name="pickedOn"
          label="Picked on"
          type="date"
          defaultValue={values.pickedOn ?? data.today}
          max={data.today}
          min={data.earliest}
          error={errors.pickedOn}
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.amount ? "amount-error" : undefined}
        >
          <legend className="font-semibold">Roughly how much</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {HARVEST_AMOUNTS.map((a, i) => (
              <label key={a.id} className="flex min-h-11 items-center gap-2">
                <input
                  // The first choice is where the error summary's link lands.
                  id={i === 0 ? "amount" : undefined}
                  type="radio"
                  name="amount"
                  value={a.id}
                  defaultChecked={amount === a.id}
                  className="h-5 w-5 accent-leaf"
                />
                {a.label}
              </label>
            ))}
          </div>
          {errors.amount && (
            <p id="amount-error" className="text-sm font-medium text-clay-dark">
              {errors.amount}
            </p>
          )}
        </fieldset>
        <FormField
          id="grams"
          name="grams"
          label="Weight in grams (if you weighed it)"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.grams ?? ""}
          error={errors.grams}
          className="min-h-11 w-40 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark"
        />
        <FormField
          id="note"
          label="Note (optional)"
          hint={`Up to ${HARVEST_NOTE_MAX} characters.`}
          error={errors.note}
        >
          <textarea
            {...controlProps("note", errors.note, true)}
            rows={2}
            defaultValue={values.note ?? ""}
            className="w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark"
          />
        </FormField>
        <button type="submit" className="btn-primary min-h-11 self-start" disabled={busy}>
          {busy ? "Recording..." : "Record harvest"}
        </button>
      </Form>

      <h3 className="mt-8 text-lg font-semibold">This season ({data.summary.season.name})</h3>
      {data.summary.plants.length === 0 ? (
        <p className="mt-2 text-ink/80">Nothing picked yet this season (July to June).</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1" data-testid="harvest-summary">
          {data.summary.plants.map((p) => (
            <li key={p.plantId}>
              <strong>{nameOf(p.plantId)}</strong>: {p.pickings}{" "}
              {p.pickings === 1 ? "picking" : "pickings"}, {summaryWords(p)}
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-8 text-lg font-semibold">Your pickings</h3>
      {removed && (
        <FormMessage tone={removed.ok ? "success" : "error"}>{removed.message}</FormMessage>
      )}
      {data.entries.length === 0 ? (
        <p className="mt-2 text-ink/80">None recorded yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="harvest-entries">
          {data.entries.map((e) => {
            const what = `${nameOf(e.plantId)}, ${formatDate(e.pickedOn)}`;
            return (
              <li
                key={e.id}
                className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-ink/10 px-3 py-2"
              >
                <div className="min-w-0">
                  <p>
                    <strong>{nameOf(e.plantId)}</strong>{" "}
                    <span className="text-ink/80">{amountWords(e)}</span>
                  </p>
                  <p className="text-sm text-ink/80">{formatDate(e.pickedOn)}</p>
                  {e.note && <p className="text-sm break-words whitespace-pre-line">{e.note}</p>}
                </div>
                <Form method="post" action={paths.garden}>
                  <input type="hidden" name="intent" value={HARVEST_INTENTS.remove} />
                  <input type="hidden" name="harvestId" value={e.id} />
                  <button
                    type="submit"
                    className="min-h-11 px-2 text-sm text-clay-dark underline underline-offset-4"
                    aria-label={`Delete ${what}`}
                  >
                    Delete
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {data.total > data.entries.length && (
        <p className="mt-2 text-sm text-ink/80">
          The newest {data.entries.length} of {data.total}; your data download has them all.
        </p>
      )}
    </GardenPanel>
  );
}
