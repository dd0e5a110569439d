// Where the recipient lives (ADR 076), asked before paying: their region, or their postcode
// instead (ADR 079), which chooses its region as it is typed ("7010 is in Nelson"). Which regions
// we deliver to now is printed for everyone (it reads the same before JavaScript), and the chosen
// one's meaning follows the choice: boxes from redeeming, or a held place and the gift's value
// kept as credit. Without JavaScript the server chooses the postcode's region and asks again.
import { useState } from "react";
import { FormField } from "#app/components/ui/form-field.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { postcodeAnswer, regionForPostcode } from "#app/lib/nz-postcodes.ts";
import { giftRegionWords } from "./gift-terms.ts";

const REGION_HINT = "So we can tell you now whether we deliver there yet.";
const CONTROL =
  "min-h-11 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

export function RecipientRegion({
  region,
  onRegion,
  postcode: posted,
  openRegions,
  error,
  postcodeError,
}: {
  region: string;
  onRegion: (region: string) => void;
  postcode: string;
  openRegions: readonly string[];
  error?: string;
  postcodeError?: string;
}) {
  const [postcode, setPostcode] = useState(posted);
  const [refused, setRefused] = useState(postcodeError);
  const typed = postcodeAnswer(postcode);
  const shownPostcodeError = refused || typed.error;
  const open = openRegions.includes(region);
  const describedBy = [
    "recipientRegion-hint",
    error ? "recipientRegion-error" : null,
    region ? "recipientRegion-note" : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-3">
      <div className="grid items-start gap-3 min-[360px]:grid-cols-[minmax(0,1fr)_7rem] sm:grid-cols-[minmax(0,1fr)_10rem]">
        <FormField id="recipientRegion" label="Their region" error={error} hint={REGION_HINT}>
          <select
            id="recipientRegion"
            name="recipientRegion"
            aria-required="true"
            value={region}
            onChange={(e) => {
              onRegion(e.target.value);
              // A region chosen replaces a postcode typed.
              setPostcode("");
              setRefused(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={CONTROL}
          >
            <RegionOptions placeholder="Select their region" />
          </select>
        </FormField>
        <FormField
          id="recipientPostcode"
          name="recipientPostcode"
          label="or postcode"
          value={postcode}
          onChange={(e) => {
            const value = e.target.value;
            setPostcode(value);
            setRefused(undefined);
            const found = regionForPostcode(value);
            if (found.ok) onRegion(found.region);
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          error={shownPostcodeError}
          className={CONTROL}
        />
      </div>
      <p className="text-sm text-ink/75" data-testid="gift-open-regions">
        We deliver to {openRegions.join(", ") || "no regions yet"} now. Anywhere else, the gift
        still works: their place on that region&apos;s waitlist is held and the gift&apos;s value
        waits as credit until we launch there.
      </p>
      <div role="status">
        {typed.found && !shownPostcodeError ? (
          <p className="mb-2 font-semibold text-leaf-dark" data-testid="postcode-region">
            {typed.found}
          </p>
        ) : null}
        {region ? (
          <p
            id="recipientRegion-note"
            data-testid="gift-region-note"
            className={`rounded-xl p-4 ${open ? "bg-leaf/10" : "bg-sun/20"}`}
          >
            {giftRegionWords(region, open)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
