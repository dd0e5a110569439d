// One figure on the admin's dashboards (/admin and /admin/subscriptions): its name, the figure, an
// optional note under it and anything more (a link to act on it).
import type { ReactNode } from "react";

const card = "rounded-3xl bg-white p-6 shadow-sm";
const label = "text-sm font-semibold tracking-widest text-leaf uppercase";
const figure = "mt-1 font-serif text-4xl font-bold tabular-nums";

export function Stat({
  title,
  value,
  testId,
  note,
  children,
}: {
  title: string;
  value: ReactNode;
  testId?: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={card}>
      <dt className={label}>{title}</dt>
      <dd className={figure} data-testid={testId}>
        {value}
      </dd>
      {note === undefined ? null : <dd className="mt-1 text-sm text-ink/75">{note}</dd>}
      {children}
    </div>
  );
}
