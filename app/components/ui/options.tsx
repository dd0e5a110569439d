// The <option>s of a <select> from a list: a plain string is both value and label, a pair is
// [value, label] (so `Object.entries(LABELS)` fits as it is). One place for every filter and form
// select, so each lists its choices the same way.
export type OptionItem = string | readonly [value: string, label: string];

export function Options({ items }: { items: readonly OptionItem[] }) {
  return (
    <>
      {items.map((item) => {
        const [value, label] = typeof item === "string" ? [item, item] : item;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

/** A labelled <select> in a list's filter form (the shop's products, admin orders): its name is its id. */
export function FilterSelect({
  name,
  label,
  defaultValue,
  items,
  className = "mt-1 h-11 rounded-lg border border-ink/20 bg-white px-3",
}: {
  name: string;
  label: string;
  defaultValue: string;
  items: readonly OptionItem[];
  /** The select's own look, where its form has another (an admin's action form). */
  className?: string;
}) {
  return (
    <div className="max-w-full">
      <label htmlFor={name} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={name} name={name} defaultValue={defaultValue} className={className}>
        <Options items={items} />
      </select>
    </div>
  );
}
