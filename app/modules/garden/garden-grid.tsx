// The box as an ARIA grid of 30 cm squares with one tab stop: arrow keys move, Enter or Space
// places the chosen plant, Delete clears. Each cell's name is where it is, then what grows there.
import { Fragment, type KeyboardEvent, type RefObject } from "react";
import { countsInSquare } from "./garden-rules.ts";
import type { Plant } from "./plant-library.schema.ts";
import { shortName, squareName } from "./garden-editor-plan.ts";

export function GardenGrid({
  label,
  rows,
  columns,
  active,
  warnedSquares,
  plantsIn,
  cells,
  onKeyDown,
  onFocusSquare,
  onPressSquare,
}: {
  label: string;
  rows: number;
  columns: number;
  active: number;
  warnedSquares: Set<number>;
  plantsIn: (index: number) => Plant[];
  cells: RefObject<(HTMLDivElement | null)[]>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  onFocusSquare: (index: number) => void;
  onPressSquare: (index: number) => void;
}) {
  return (
    <div
      role="grid"
      aria-label={label}
      aria-describedby="garden-help"
      className="mt-4 grid max-w-xl gap-1.5 print:max-w-[12cm]"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      data-testid="garden-grid"
    >
      {Array.from({ length: rows }, (_, r) => (
        <div role="row" key={r} className="contents">
          {Array.from({ length: columns }, (_, c) => {
            const index = r * columns + c;
            const plants = plantsIn(index);
            const counts = countsInSquare(plants);
            const warned = warnedSquares.has(index);
            return (
              <div
                role="gridcell"
                key={index}
                ref={(el) => {
                  cells.current[index] = el;
                }}
                tabIndex={index === active ? 0 : -1}
                aria-selected={index === active}
                onKeyDown={(e) => onKeyDown(e, index)}
                onFocus={() => onFocusSquare(index)}
                onClick={() => onPressSquare(index)}
                data-square={index}
                className={`flex aspect-square min-h-11 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg border-2 p-1 text-center text-xs leading-tight outline-offset-2 focus-visible:outline-3 focus-visible:outline-leaf sm:text-sm ${
                  warned ? "border-amber-600 bg-amber-50" : "border-soil/30 bg-cream"
                } ${index === active ? "ring-2 ring-leaf" : ""}`}
              >
                {/* The cell's name is its content: where it is, then what is in it. One
                    inline span, so the name reads without stray spaces between parts. */}
                <span>
                  <span className="sr-only">{squareName(index, columns)}: </span>
                  {plants.length === 0 && <span className="text-ink/70">empty</span>}
                  {plants.map((p, i) => (
                    <Fragment key={p.id}>
                      {i > 0 && (
                        <>
                          <span className="sr-only"> and </span>
                          <br />
                        </>
                      )}
                      <span className="font-semibold">{shortName(p.name)}</span>
                      <span className="sr-only">, </span>
                      <br />
                      {counts[i]!.count} {counts[i]!.count === 1 ? "plant" : "plants"}
                    </Fragment>
                  ))}
                  {warned && (
                    <>
                      <span className="sr-only">, has a warning</span>
                      <br />
                      <span aria-hidden="true" className="text-amber-800">
                        ⚠
                      </span>
                    </>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
