// The admin forms' "Region" <select> (opening a region, starting a launch wave): labelled, required,
// starting blank, with the New Zealand regions in order. Each takes an id (the error summary's
// links land on it, issue 39) and its refusal's message, said under it.
import { fieldAria } from "./form-field.tsx";
import { RegionOptions } from "./region-options.tsx";

/** A control's own message, which the control names in aria-describedby (fieldAria). */
function Message({ id, error }: { id?: string; error?: string }) {
  return error ? (
    <span id={`${id}-error`} className="mt-1 text-sm font-medium text-clay-dark">
      {error}
    </span>
  ) : null;
}

export function RegionSelect({
  name = "region",
  id,
  error,
}: {
  name?: string;
  id?: string;
  error?: string;
}) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      Region
      <select
        id={id}
        name={name}
        required
        defaultValue=""
        className="mt-1 min-h-11 rounded-xl border border-ink/20 px-3 aria-invalid:border-clay-dark"
        {...(id ? fieldAria(id, error) : {})}
      >
        <RegionOptions />
      </select>
      <Message id={id} error={error} />
    </label>
  );
}

/** The box an admin ticks to say they mean an action that e-mails people ("I'm sure: …"). */
export function SureCheckbox({
  children,
  id,
  error,
}: {
  children: string;
  id?: string;
  error?: string;
}) {
  return (
    <div className="flex flex-col">
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          name="confirm"
          value="yes"
          required
          className="h-5 w-5 accent-leaf"
          {...(id ? fieldAria(id, error) : {})}
        />
        {children}
      </label>
      <Message id={id} error={error} />
    </div>
  );
}
