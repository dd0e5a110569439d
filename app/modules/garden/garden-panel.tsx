// One card of /garden under the planner (the schedule, the harvest log, the seedlings from a box,
// next season's plan): a section named by its heading, with the answer to its last form under the
// heading, and left out when the plan is printed.
import type { ReactNode } from "react";
import { FormMessage } from "#app/components/ui/form-field.tsx";

/** What the cards with one button get from /garden: their data, the plant names, their answer. */
export interface GardenCardProps<Data> {
  data: Data;
  names: ReadonlyMap<string, string>;
  answer?: { ok: boolean; message?: string };
  busy: boolean;
}

export function GardenPanel({
  name,
  anchored = true,
  title,
  answer,
  children,
}: {
  /** The card's test id, its heading's id (with "-heading") and, when `anchored`, its own id. */
  name: string;
  anchored?: boolean;
  title: ReactNode;
  answer?: { ok: boolean; message?: string };
  children: ReactNode;
}) {
  return (
    <section
      id={anchored ? name : undefined}
      aria-labelledby={`${name}-heading`}
      className="rounded-3xl bg-white p-4 shadow-sm sm:p-6 print:hidden"
      data-testid={name}
    >
      <h2 id={`${name}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      {answer && <FormMessage tone={answer.ok ? "success" : "error"}>{answer.message}</FormMessage>}
      {children}
    </section>
  );
}
