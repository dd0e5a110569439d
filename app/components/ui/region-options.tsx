// The options of a New Zealand region <select>: a blank "Select your region" and the regions in
// order, shared by the address, checkout, waitlist and calendar forms.
import { Options } from "./options.tsx";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";

export function RegionOptions({ placeholder = "Select your region" }: { placeholder?: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      <Options items={NZ_REGIONS} />
    </>
  );
}
