// The admin forms' "Region" <select> (opening a region, starting a launch wave): labelled, required,
// starting blank, with the New Zealand regions in order.
import { RegionOptions } from "./region-options.tsx";

export function RegionSelect({ name = "region" }: { name?: string }) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      Region
      <select
        name={name}
        required
        defaultValue=""
        className="mt-1 min-h-11 rounded-xl border border-ink/20 px-3"
      >
        <RegionOptions />
      </select>
    </label>
  );
}

/** The box an admin ticks to say they mean an action that e-mails people ("I'm sure: …"). */
export function SureCheckbox({ children }: { children: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5 accent-leaf" />
      {children}
    </label>
  );
}
