// The garden editor at /garden (issue 23): the box as a grid of 30 cm squares, plants placed from
// the library, how many fit in each square, and warnings for poor neighbours and for planting out
// of season. Works with a keyboard and a screen reader: the grid is an ARIA grid with one tab
// stop (arrow keys move, Enter or Space places the chosen plant, Delete clears), and each change
// is announced. Kept in this browser's storage for anyone; a signed-in member can save it.
// This is the shell: the state is in use-garden-editor.ts, the plan's rules in
// garden-editor-plan.ts, and the picker, grid, actions and warnings are components of their own.
import type { ReactNode } from "react";
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import { BOX_GRIDS, type GardenPlan } from "./garden.schema.ts";
import { GardenBoxActions } from "./garden-box-actions.tsx";
import { GardenGrid } from "./garden-grid.tsx";
import { GardenPicker } from "./garden-picker.tsx";
import { GardenWarnings } from "./garden-warnings.tsx";
import { useGardenEditor, type GardenEditorOptions } from "./use-garden-editor.ts";

export { LOCAL_GARDEN_KEY, type EditorPlant } from "./garden-editor-plan.ts";
export type { GardenTemplateOption } from "./use-garden-editor.ts";

interface Props extends GardenEditorOptions {
  /** Shown beside the grid: a save form for members, an invitation for others. */
  saveSlot: (plan: GardenPlan) => ReactNode;
}

export function GardenEditor(props: Props) {
  const {
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
  } = useGardenEditor(props);
  const size = BOX_GRIDS[plan.boxSize].size;

  return (
    <div className="flex flex-col gap-6">
      <GardenPicker
        boxSize={plan.boxSize}
        templates={props.templates}
        library={props.library}
        boxPlants={props.boxPlants}
        chosen={chosen}
        onChooseBox={chooseBox}
        onStartFrom={startFrom}
        onChoosePlant={setChosen}
      />

      <TitledSection
        id="garden-box-heading"
        title={`Your ${size} box`}
        className="rounded-3xl bg-white p-4 shadow-sm sm:p-6 print:shadow-none"
        titleClassName="text-xl font-bold"
      >
        <p className="mt-1 text-sm text-ink/80">
          North at the top: tall plants go in the bottom (south) row.
        </p>
        <GardenGrid
          label={`Your ${size} box, ${grid.rows} rows of ${grid.columns} squares, north at the top`}
          rows={grid.rows}
          columns={grid.columns}
          active={active}
          warnedSquares={new Set(warnings.flatMap((w) => w.squares))}
          plantsIn={plantsIn}
          cells={cells}
          onKeyDown={onKeyDown}
          onFocusSquare={setActive}
          onPressSquare={(index) => {
            setActive(index);
            place(index);
          }}
        />
        <p
          role="status"
          aria-live="polite"
          className="mt-3 min-h-6 text-sm print:hidden"
          data-testid="garden-announcement"
        >
          {announcement}
        </p>
        <GardenBoxActions
          active={active}
          plantId={plan.squares[active]?.[0]}
          hasPlant={plantsIn(active).length > 0}
          activeDescription={describe(active)}
          onClear={() => clear(active)}
          onNextSeason={nextSeason}
        />
      </TitledSection>

      <GardenWarnings warnings={warnings} />

      <div className="print:hidden">{props.saveSlot(plan)}</div>
    </div>
  );
}
