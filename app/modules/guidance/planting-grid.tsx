// One season's layout of a grow box, drawn as a table of squares. Columns run across the box from
// the sunny north side to the south side, rows along its length, so even the long 2 m² box stays
// three squares wide and readable on a phone. Column headers name the side, so a screen reader
// says "North side, Strawberry, 1 per square". Dots show how many plants go in a square.
import type { SeasonLayout, SquarePlanting } from "./planting-layouts.ts";

function sideName(index: number, count: number): string {
  if (index === 0) return "North side";
  if (index === count - 1) return "South side";
  return "Middle";
}

function Dots({ count }: { count: number }) {
  // Square counts (1, 4, 9, 16) make a square of dots; trellis counts (2, 8) make two rows.
  const columns = Number.isInteger(Math.sqrt(count)) ? Math.sqrt(count) : Math.ceil(count / 2);
  return (
    <span
      aria-hidden="true"
      className="grid w-full max-w-10 place-items-center gap-0.5"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="block aspect-square w-full max-w-2 rounded-full bg-leaf/70" />
      ))}
    </span>
  );
}

function Square({ plantings }: { plantings: SquarePlanting[] }) {
  return (
    <div className={`flex h-full gap-1 ${plantings.length > 1 ? "flex-col" : ""}`}>
      {plantings.map((p, i) => (
        <div
          key={p.name}
          className={`flex flex-1 flex-col items-center justify-center gap-0.5 text-center ${
            i > 0 ? "border-t border-dashed border-soil/40 pt-1" : ""
          }`}
        >
          <span className="text-xs leading-tight font-semibold hyphens-auto sm:text-sm print:text-[8pt]">
            {p.short}
          </span>
          <span className="sr-only">, {p.count} per square</span>
          <span aria-hidden="true" className="text-xs text-ink/70 print:text-[7pt]">
            ×{p.count}
          </span>
          {plantings.length === 1 && (
            <span className="flex w-full justify-center print:hidden">
              <Dots count={p.count} />
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

export function PlantingGrid({ layout, sizeLabel }: { layout: SeasonLayout; sizeLabel: string }) {
  // The layouts are written north row first; drawn, each of those rows becomes a column.
  const sides = layout.rows.length;
  const length = layout.rows[0]?.length ?? 0;
  const rows = Array.from({ length }, (_, along) => layout.rows.map((row) => row[along] ?? []));
  return (
    <figure className="planting-grid">
      <figcaption className="text-center font-semibold print:text-[8pt]">{layout.title}</figcaption>
      <table
        className="mx-auto mt-3 w-full table-fixed border-collapse"
        style={{ maxWidth: `${sides * 8}rem` }}
      >
        <caption className="sr-only">
          {layout.title}, {sizeLabel} box. Columns run from the north side to the south side, rows
          along the box from west to east.
        </caption>
        <thead>
          <tr>
            {layout.rows.map((_, side) => (
              <th
                key={side}
                scope="col"
                className={`pb-1 text-xs font-semibold tracking-wide uppercase print:text-[7pt] ${
                  side === 0 ? "text-leaf" : side === sides - 1 ? "text-soil" : "text-ink/70"
                }`}
              >
                {sideName(side, sides)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="border-4 border-soil bg-[#f6efe0]">
          {rows.map((row, along) => (
            <tr key={along}>
              {row.map((plantings, side) => (
                <td key={side} className="border border-soil/40 p-0 align-middle">
                  <div className="aspect-square p-1 sm:p-2 print:aspect-auto print:min-h-[9mm] print:p-0.5">
                    <Square plantings={plantings} />
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-center text-xs text-ink/70 print:text-[7pt]">
        Sun from the north side; tall crops and trellises on the south side.
      </p>
    </figure>
  );
}
