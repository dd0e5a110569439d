// The garden editor at /garden (issue 23): the box as a grid of 30 cm squares, plants placed from
// the library, how many fit in each square, and warnings for poor neighbours and for planting out
// of season. Works with a keyboard and a screen reader: the grid is an ARIA grid with one tab
// stop (arrow keys move, Enter or Space places the chosen plant, Delete clears), and each change
// is announced. Kept in this browser's storage for anyone; a signed-in member can save it.
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from "react";
import type { ClimateZoneKey, Plant } from "./plant-library.schema.ts";
import {
  countsInSquare,
  MAX_PLANTS_PER_SQUARE,
  neighbourWarnings,
  rotationWarnings,
  seasonProblem,
  type FrostDates,
} from "./garden-rules.ts";
import {
  BOX_GRIDS,
  BOX_SIZES,
  emptyPlan,
  gardenPlanSchema,
  type BoxSize,
  type GardenPlan,
} from "./garden.schema.ts";
import { Link } from "react-router";
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { paths } from "#app/lib/paths.ts";
import { TitledSection } from "#app/components/ui/titled-section.tsx";

/** The library as the editor needs it: no sources or how-to text. */
export type EditorPlant = Omit<Plant, "sources" | "howTo">;

export interface GardenTemplateOption {
  id: string;
  title: string;
  plan: GardenPlan;
}

export const LOCAL_GARDEN_KEY = "patch-garden-plan";

interface Props {
  library: EditorPlant[];
  templates: GardenTemplateOption[];
  /** Plant ids each box's plan brings, listed first in the picker. */
  boxPlants: Record<BoxSize, string[]>;
  initialPlan: GardenPlan | null;
  initialBoxSize: BoxSize;
  zone: ClimateZoneKey;
  frost: FrostDates | null;
  /** Today in New Zealand, YYYY-MM-DD: the day a plant placed now would go in. */
  today: string;
  /** Shown beside the grid: a save form for members, an invitation for others. */
  saveSlot: (plan: GardenPlan) => React.ReactNode;
}

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

function readStoredPlan(): string | null {
  try {
    return localStorage.getItem(LOCAL_GARDEN_KEY);
  } catch {
    return null;
  }
}

function parseStoredPlan(stored: string | null): GardenPlan | null {
  if (!stored) return null;
  try {
    const parsed = gardenPlanSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The name without its variety or note, to fit a square on a phone: "Cherry tomato". */
function shortName(name: string): string {
  return name.replace(/ \(.*\)$/, "").replace(/ '.*'$/, "");
}

function squareName(index: number, columns: number): string {
  return `row ${Math.floor(index / columns) + 1}, square ${(index % columns) + 1}`;
}

function resize(plan: GardenPlan, boxSize: BoxSize): GardenPlan {
  const from = BOX_GRIDS[plan.boxSize];
  const to = BOX_GRIDS[boxSize];
  const move = (squares: string[][]) => {
    const moved = emptyPlan(boxSize).squares;
    for (let r = 0; r < Math.min(from.rows, to.rows); r++) {
      for (let c = 0; c < Math.min(from.columns, to.columns); c++) {
        moved[r * to.columns + c] = [...(squares[r * from.columns + c] ?? [])];
      }
    }
    return moved;
  };
  return {
    boxSize,
    squares: move(plan.squares),
    ...(plan.lastSeason ? { lastSeason: move(plan.lastSeason) } : {}),
  };
}

export function GardenEditor(props: Props) {
  const { library, templates, boxPlants, zone, frost, today } = props;
  const byId = useMemo(() => new Map(library.map((p) => [p.id, p])), [library]);
  // A visitor's plan lives in this browser (read after hydration, so the server's page and the
  // first render agree); a member's saved plan comes from the server and wins.
  const stored = useSyncExternalStore(subscribeToStorage, readStoredPlan, () => null);
  const [edited, setPlan] = useState<GardenPlan | null>(null);
  const plan = useMemo(
    () => edited ?? props.initialPlan ?? parseStoredPlan(stored) ?? emptyPlan(props.initialBoxSize),
    [edited, props.initialPlan, props.initialBoxSize, stored],
  );
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<string>(boxPlants[plan.boxSize][0] ?? library[0]!.id);
  const [announcement, setAnnouncement] = useState("");
  const cells = useRef<(HTMLDivElement | null)[]>([]);
  const grid = BOX_GRIDS[plan.boxSize];

  useEffect(() => {
    if (!edited) return;
    try {
      localStorage.setItem(LOCAL_GARDEN_KEY, JSON.stringify(edited));
    } catch {
      // Private browsing without storage: the plan lasts as long as the page.
    }
  }, [edited]);

  const plantsIn = (index: number) =>
    (plan.squares[index] ?? []).flatMap((id) => byId.get(id) ?? []) as Plant[];

  const warnings = useMemo(() => {
    const full = library as Plant[];
    const neighbours = neighbourWarnings({ ...grid, squares: plan.squares }, full);
    const rotation = rotationWarnings({ ...grid, squares: plan.squares }, plan.lastSeason, full);
    const seasonal = new Map<string, { message: string; squares: number[] }>();
    plan.squares.forEach((ids, square) => {
      for (const id of ids) {
        const plant = byId.get(id) as Plant | undefined;
        if (!plant) continue;
        const problem = seasonProblem({ plant, zone, date: today, frost: frost ?? undefined });
        if (!problem) continue;
        const entry = seasonal.get(id) ?? { message: problem, squares: [] };
        entry.squares.push(square);
        seasonal.set(id, entry);
      }
    });
    return [
      ...neighbours.map((w) => ({ key: `n-${w.squares.join("-")}-${w.plants.join("-")}`, ...w })),
      ...rotation.map((w) => ({ key: `r-${w.squares[0]}-${w.plants[0]}`, ...w })),
      ...[...seasonal].map(([id, w]) => ({
        key: `s-${id}`,
        message: w.message,
        squares: w.squares,
      })),
    ];
  }, [plan, grid, library, byId, zone, today, frost]);

  const warnedSquares = new Set(warnings.flatMap((w) => w.squares));

  function describe(index: number, squares = plan.squares): string {
    const plants = (squares[index] ?? []).flatMap((id) => byId.get(id) ?? []) as Plant[];
    if (plants.length === 0) return `${squareName(index, grid.columns)}, empty`;
    const counts = countsInSquare(plants);
    const what = plants.map((p, i) => `${counts[i]!.count} ${p.name}`).join(" and ");
    return `${squareName(index, grid.columns)}: ${what}`;
  }

  function place(index: number) {
    const plant = byId.get(chosen);
    if (!plant) return;
    const current = plan.squares[index] ?? [];
    if (current.includes(plant.id)) {
      setAnnouncement(`${plant.name} is already in ${squareName(index, grid.columns)}.`);
      return;
    }
    if (current.length >= MAX_PLANTS_PER_SQUARE) {
      setAnnouncement(
        `${squareName(index, grid.columns)} is full: two plants share a square at most. Press Delete to clear it.`,
      );
      return;
    }
    const squares = plan.squares.map((s, i) => (i === index ? [...s, plant.id] : s));
    const next = { ...plan, squares };
    setPlan(next);
    const after = neighbourWarnings({ ...grid, squares }, library as Plant[]).filter((w) =>
      w.squares.includes(index),
    );
    const season = seasonProblem({
      plant: plant as Plant,
      zone,
      date: today,
      frost: frost ?? undefined,
    });
    setAnnouncement(
      [
        `Placed ${plant.name} in ${describe(index, squares)}.`,
        ...after.map((w) => w.message),
        season,
      ]
        .filter(Boolean)
        .join(" "),
    );
  }

  function clear(index: number) {
    if ((plan.squares[index] ?? []).length === 0) return;
    setPlan({ ...plan, squares: plan.squares.map((s, i) => (i === index ? [] : s)) });
    setAnnouncement(`Cleared ${squareName(index, grid.columns)}.`);
  }

  function move(to: number) {
    setActive(to);
    cells.current[to]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    const row = Math.floor(index / grid.columns);
    const column = index % grid.columns;
    const keys: Record<string, () => void> = {
      ArrowRight: () => column < grid.columns - 1 && move(index + 1),
      ArrowLeft: () => column > 0 && move(index - 1),
      ArrowDown: () => row < grid.rows - 1 && move(index + grid.columns),
      ArrowUp: () => row > 0 && move(index - grid.columns),
      Home: () => move(row * grid.columns),
      End: () => move(row * grid.columns + grid.columns - 1),
      Enter: () => place(index),
      " ": () => place(index),
      Delete: () => clear(index),
      Backspace: () => clear(index),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  function chooseBox(boxSize: BoxSize) {
    if (boxSize === plan.boxSize) return;
    setPlan(resize(plan, boxSize));
    setActive(0);
    setAnnouncement(
      `The box is now ${BOX_GRIDS[boxSize].size}: ${BOX_GRIDS[boxSize].columns} squares by ${BOX_GRIDS[boxSize].rows}.`,
    );
  }

  function startFrom(templateId: string) {
    const template = templates.find((t) => t.id === templateId);
    if (!template) return;
    // Last season stays remembered when the new season's layout is for the same box.
    const keep = template.plan.boxSize === plan.boxSize && plan.lastSeason;
    setPlan({
      boxSize: template.plan.boxSize,
      squares: template.plan.squares.map((s) => [...s]),
      ...(keep ? { lastSeason: plan.lastSeason } : {}),
    });
    setActive(0);
    setAnnouncement(`Started from the ${template.title} layout.`);
  }

  function nextSeason() {
    setPlan({ ...plan, lastSeason: plan.squares, squares: emptyPlan(plan.boxSize).squares });
    setActive(0);
    setAnnouncement(
      "Started a new season with an empty box. We remember what grew where, and warn if a family goes back in the same square.",
    );
  }

  const first = new Set(boxPlants[plan.boxSize]);
  const inBox = library.filter((p) => first.has(p.id));
  const others = library.filter((p) => !first.has(p.id));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm print:hidden sm:p-6">
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">Box size</legend>
          <div className="flex flex-wrap gap-2">
            {BOX_SIZES.map((size) => (
              <RadioCard
                key={size}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-ink/20 px-4 has-checked:border-leaf has-checked:bg-leaf/10"
                name="boxSize"
                value={size}
                checked={plan.boxSize === size}
                onChange={() => chooseBox(size)}
              >
                {BOX_GRIDS[size].size}
              </RadioCard>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="flex grow flex-col gap-1">
            <span className="font-semibold">Start from an example layout</span>
            <select
              id="garden-template"
              className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
              defaultValue=""
              onChange={(e) => {
                startFrom(e.target.value);
                e.target.value = "";
              }}
            >
              <option value="" disabled>
                Choose a layout…
              </option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">Plant to place</span>
          <select
            id="garden-plant"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
          >
            <optgroup label={`In the ${BOX_GRIDS[plan.boxSize].size} box's plan`}>
              {inBox.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.perSquare} a square)
                </option>
              ))}
            </optgroup>
            <optgroup label="Everything else in the library">
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.perSquare} a square)
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <p id="garden-help" className="text-sm text-ink/80">
          Choose a plant, then press a square, or move around the box with the arrow keys and press
          Enter to place it there. Delete clears a square. Two plants can share a square, half each.
        </p>
      </div>

      <TitledSection
        id="garden-box-heading"
        title={`Your ${BOX_GRIDS[plan.boxSize].size} box`}
        className="rounded-3xl bg-white p-4 shadow-sm sm:p-6 print:shadow-none"
        titleClassName="text-xl font-bold"
      >
        <p className="mt-1 text-sm text-ink/80">
          North at the top: tall plants go in the bottom (south) row.
        </p>
        <div
          role="grid"
          aria-label={`Your ${BOX_GRIDS[plan.boxSize].size} box, ${grid.rows} rows of ${grid.columns} squares, north at the top`}
          aria-describedby="garden-help"
          className="mt-4 grid max-w-xl gap-1.5 print:max-w-[12cm]"
          style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))` }}
          data-testid="garden-grid"
        >
          {Array.from({ length: grid.rows }, (_, r) => (
            <div role="row" key={r} className="contents">
              {Array.from({ length: grid.columns }, (_, c) => {
                const index = r * grid.columns + c;
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
                    onFocus={() => setActive(index)}
                    onClick={() => {
                      setActive(index);
                      place(index);
                    }}
                    data-square={index}
                    className={`flex aspect-square min-h-11 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg border-2 p-1 text-center text-xs leading-tight outline-offset-2 focus-visible:outline-3 focus-visible:outline-leaf sm:text-sm ${
                      warned ? "border-amber-600 bg-amber-50" : "border-soil/30 bg-cream"
                    } ${index === active ? "ring-2 ring-leaf" : ""}`}
                  >
                    {/* The cell's name is its content: where it is, then what is in it. One
                        inline span, so the name reads without stray spaces between parts. */}
                    <span>
                      <span className="sr-only">{squareName(index, grid.columns)}: </span>
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
        <p
          role="status"
          aria-live="polite"
          className="mt-3 min-h-6 text-sm print:hidden"
          data-testid="garden-announcement"
        >
          {announcement}
        </p>
        <div className="mt-3 flex flex-wrap gap-2 print:hidden">
          <button type="button" className="btn-secondary min-h-11" onClick={() => clear(active)}>
            Clear the selected square
          </button>
          {/* A coach's answer about the chosen square's plant (issue 41): a link, so Tab and Enter
              reach it after choosing a square with the arrow keys. */}
          <Link
            to={paths.coachAsk({
              from: "garden",
              square: active,
              plant: plan.squares[active]?.[0],
            })}
            className="btn-secondary min-h-11"
            data-testid="garden-ask-coach"
          >
            {plantsIn(active).length > 0 ? "Ask about this plant" : "Ask a coach about this square"}
            <span className="sr-only">
              {": "}
              {describe(active)}
            </span>
          </Link>
          <button type="button" className="btn-secondary min-h-11" onClick={() => window.print()}>
            Print on one page
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={nextSeason}>
            Start next season
          </button>
        </div>
      </TitledSection>

      <TitledSection
        id="garden-warnings-heading"
        title={warnings.length === 0 ? "No warnings" : `Warnings (${warnings.length})`}
        className="rounded-3xl bg-white p-5 shadow-sm sm:p-6 print:shadow-none"
        titleClassName="text-xl font-bold"
      >
        {warnings.length === 0 ? (
          <p className="mt-2 text-sm text-ink/80">
            Neighbours get on, and everything is in season.
          </p>
        ) : (
          <ul
            className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm print:gap-0 print:text-[8pt]"
            data-testid="garden-warnings"
          >
            {warnings.map((w) => (
              <li key={w.key}>{w.message}</li>
            ))}
          </ul>
        )}
      </TitledSection>

      <div className="print:hidden">{props.saveSlot(plan)}</div>
    </div>
  );
}
