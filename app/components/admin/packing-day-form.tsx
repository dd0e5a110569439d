// The packing day chooser on /admin/boxes and /admin/ship: a GET form (so it works without
// JavaScript) with the day and Show, and the page's own links to the other view of that day.
import type { ReactNode } from "react";
import { Form } from "react-router";

export function PackingDayForm({
  day,
  className,
  children,
}: {
  /** The day shown, as YYYY-MM-DD. */
  day: string;
  /** The form's margin and whether it prints. */
  className: string;
  /** Links beside Show. */
  children: ReactNode;
}) {
  return (
    <Form method="get" className={`${className} flex flex-wrap items-end gap-3`}>
      <div>
        <label htmlFor="day" className="block text-sm font-semibold">
          Packing day
        </label>
        <input
          id="day"
          name="day"
          type="date"
          defaultValue={day}
          className="mt-1 h-11 rounded-lg border border-ink/20 bg-white px-3"
        />
      </div>
      <button type="submit" className="btn-secondary">
        Show
      </button>
      {children}
    </Form>
  );
}
