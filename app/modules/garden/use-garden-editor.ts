// The garden editor's state: the plan (this browser's, or a member's saved one), the square with
// focus, the plant chosen to place, what was last announced, and every change to the plan: place,
// clear, move around the grid by keyboard, change box, start from a layout, start next season.
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from "react";
import {
  MAX_PLANTS_PER_SQUARE,
  neighbourWarnings,
  seasonProblem,
  type FrostDates,
} from "./garden-rules.ts";
import { BOX_GRIDS, emptyPlan, type BoxSize, type GardenPlan } from "./garden.schema.ts";
import type { ClimateZoneKey, Plant } from "./plant-library.schema.ts";
import {
  describeSquare,
  LOCAL_GARDEN_KEY,
  parseStoredPlan,
  planWarnings,
  readStoredPlan,
  resize,
  squareName,
  subscribeToStorage,
  type EditorPlant,
} from "./garden-editor-plan.ts";

export interface GardenTemplateOption {
  id: string;
  title: string;
  plan: GardenPlan;
}

export interface GardenEditorOptions {
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
}

export function useGardenEditor(props: GardenEditorOptions) {
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

  const warnings = useMemo(
    () => planWarnings(plan, library, byId, { zone, today, frost }),
    [plan, library, byId, zone, today, frost],
  );

  const describe = (index: number, squares = plan.squares) =>
    describeSquare(index, squares, grid.columns, byId);

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

  return {
    plan,
    grid,
    active,
    setActive,
    chosen,
    setChosen,
    announcement,
    cells,
    warnings,
    plantsIn,
    describe,
    place,
    clear,
    onKeyDown,
    chooseBox,
    startFrom,
    nextSeason,
  };
}
