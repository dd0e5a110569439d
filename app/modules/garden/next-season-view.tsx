// "Next season's plan" on /garden (issue 23, ADR 045): once the season has ended (or when the
// member asks), the saved plan with each square's plants moved to a square where their family
// didn't grow, as a table of the box's rows and columns, the plants that found no square, and one
// button that makes it the plan; the editor above is where it is adjusted.
import { Form, Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { GardenPanel, type GardenCardProps } from "./garden-panel.tsx";
import { squareName } from "./box-seedlings.ts";
import type { NextSeasonData } from "./next-season.ts";

export const NEXT_SEASON_INTENT = "next-season-accept";
/** The query that shows the suggestion before the season's end ("Plan next season now"). */
export const NEXT_SEASON_QUERY = "next-season";

export function NextSeasonView({
  data,
  names,
  answer,
  busy,
  hasSubscription,
}: GardenCardProps<NextSeasonData> & { hasSubscription: boolean }) {
  const name = (id: string) => names.get(id) ?? id;
  const rows = Array.from({ length: data.squares.length / data.columns }, (_, r) =>
    data.squares.slice(r * data.columns, (r + 1) * data.columns),
  );
  const cameFrom = new Map(data.moves.flatMap((to, from) => (to === null ? [] : [[to, from]])));
  return (
    <GardenPanel name="next-season" title="Next season's plan" answer={answer}>
      {!data.offered ? (
        <p className="mt-2 text-ink/80">
          When your season ends (the first autumn frost here, {data.seasonEnds}) we&apos;ll suggest
          next season&apos;s plan, with each family of plants moved to a fresh square.{" "}
          <Link
            to={`${paths.garden}?${NEXT_SEASON_QUERY}=1#next-season`}
            className="text-leaf underline underline-offset-4"
          >
            Plan next season now
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink/80">
            Your plants again, each square&apos;s moved to one where nothing of the same family grew
            this season, so soil pests and diseases of that family don&apos;t build up.
            {hasSubscription
              ? " Once you accept it, your next boxes favour these crops where the month allows."
              : ""}
          </p>
          {/* Focusable so a keyboard can scroll a 2 m² box's six columns on a phone. */}
          <div
            className="mt-4 overflow-x-auto"
            tabIndex={0}
            role="group"
            aria-label="Next season's squares"
          >
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">
                Next season&apos;s plan, row by row from the north-west corner
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="p-1 text-left font-semibold">
                    <span className="sr-only">Row</span>
                  </th>
                  {rows[0]!.map((_, c) => (
                    <th key={c} scope="col" className="p-1 text-left font-semibold">
                      Square {c + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r}>
                    <th scope="row" className="p-1 text-left font-semibold whitespace-nowrap">
                      Row {r + 1}
                    </th>
                    {row.map((ids, c) => {
                      const square = r * data.columns + c;
                      const from = cameFrom.get(square);
                      return (
                        <td key={c} className="border border-ink/10 p-2 align-top">
                          {ids.length === 0 ? (
                            <span className="text-ink/70">Empty</span>
                          ) : (
                            <>
                              <span className="font-semibold">{ids.map(name).join(" and ")}</span>
                              {from !== undefined && (
                                <span className="block text-xs text-ink/70">
                                  from {squareName(from, data.columns)}
                                </span>
                              )}
                            </>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.leftOut.length > 0 && (
            <p className="mt-3 text-ink/80">
              No square is free of their family for {data.leftOut.map(name).join(", ")}: grow a
              different family there next season, or leave them out for a year.
            </p>
          )}
          <Form method="post" action={paths.garden} className="mt-4 flex flex-col gap-2">
            <input type="hidden" name="intent" value={NEXT_SEASON_INTENT} />
            <input type="hidden" name="basis" value={data.basis} />
            <button type="submit" className="btn-primary min-h-11 self-start" disabled={busy}>
              {busy ? "Saving..." : "Use this plan for next season"}
            </button>
            <p className="text-sm text-ink/80">
              It replaces your plan, with this season&apos;s kept so the editor warns you if a
              family goes back where it grew. Adjust it there and save as usual.
            </p>
          </Form>
        </>
      )}
    </GardenPanel>
  );
}
