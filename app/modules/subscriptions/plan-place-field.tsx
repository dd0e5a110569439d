// The plan cards' "Where should we deliver?" (issue 39, ADR 079): a region, or a postcode typed
// instead. As a postcode is typed the region it is in is chosen and said ("1010 is in Auckland");
// choosing a region clears it. Without JavaScript the server reads both the same way
// (plan-card-place.server.ts) and sends a postcode it can't place back here with its message.
import { useSyncExternalStore, type RefObject } from "react";

const noSubscription = () => () => {};
import { postcodeAnswer } from "#app/lib/nz-postcodes.ts";
import { RegionOptions } from "#app/components/ui/region-options.tsx";

const fieldClass =
  "block min-h-12 rounded-xl border border-ink/20 bg-cream/40 px-3 text-lg focus:border-leaf";

export function PlanPlaceField({
  regionSelect,
  postcodeInput,
  regionError,
  onRegionChange,
  postcode,
  onPostcode,
  postcodeError,
  note,
}: {
  regionSelect: RefObject<HTMLSelectElement | null>;
  postcodeInput: RefObject<HTMLInputElement | null>;
  regionError: string;
  onRegionChange: () => void;
  postcode: string;
  onPostcode: (postcode: string) => void;
  /** A postcode refused on submit (here or by the server). */
  postcodeError: string;
  note: string;
}) {
  // Until hydrated the field always posts; after, an empty one stays out of /subscribe's address.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { found, error: typedError } = postcodeAnswer(postcode);
  const error = postcodeError || typedError || "";
  const described = (...ids: (string | false)[]) => ids.filter(Boolean).join(" ");
  return (
    <div className="mx-auto mt-8 max-w-md rounded-2xl bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 sm:flex-1">
          <label htmlFor="plans-region" className="font-semibold">
            Where should we deliver?
          </label>
          <select
            id="plans-region"
            name="region"
            ref={regionSelect}
            aria-required="true"
            aria-invalid={Boolean(regionError)}
            aria-describedby={described(
              "plans-region-note",
              Boolean(regionError) && "plans-region-error",
            )}
            onChange={() => {
              onRegionChange();
              onPostcode("");
            }}
            className={`mt-1 w-full ${fieldClass}`}
          >
            <RegionOptions />
          </select>
        </div>
        {/* On a phone the postcode is a row of its own under the region, its label beside it. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:block sm:w-28 sm:shrink-0">
          <label htmlFor="plans-postcode" className="shrink-0 font-semibold sm:text-sm">
            or postcode
          </label>
          <input
            id="plans-postcode"
            ref={postcodeInput}
            name={!hydrated || postcode.trim() ? "postcode" : undefined}
            value={postcode}
            onChange={(e) => onPostcode(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            aria-invalid={Boolean(error)}
            aria-describedby={described(Boolean(error) && "plans-postcode-error")}
            className={`w-32 max-w-full sm:mt-1 sm:w-full ${fieldClass}`}
          />
        </div>
      </div>
      {regionError ? (
        <p id="plans-region-error" className="mt-2 text-sm font-medium text-clay-dark">
          {regionError}
        </p>
      ) : null}
      <p
        aria-live="polite"
        className="mt-2 text-sm font-semibold text-leaf-dark empty:hidden"
        data-testid="postcode-region"
      >
        {!error && found ? found : ""}
      </p>
      {error ? (
        <p id="plans-postcode-error" className="mt-2 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
      <p id="plans-region-note" className="mt-2 text-sm text-ink/80" data-testid="we-deliver">
        {note}
      </p>
    </div>
  );
}
