// The garden editor's controls above the grid: the box size, an example layout to start from,
// and the plant to place (the box's own plants first, then the rest of the library).
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { BOX_GRIDS, BOX_SIZES, type BoxSize } from "./garden.schema.ts";
import type { EditorPlant } from "./garden-editor-plan.ts";
import type { GardenTemplateOption } from "./use-garden-editor.ts";

export function GardenPicker({
  boxSize,
  templates,
  library,
  boxPlants,
  chosen,
  onChooseBox,
  onStartFrom,
  onChoosePlant,
}: {
  boxSize: BoxSize;
  templates: GardenTemplateOption[];
  library: EditorPlant[];
  boxPlants: Record<BoxSize, string[]>;
  chosen: string;
  onChooseBox: (boxSize: BoxSize) => void;
  onStartFrom: (templateId: string) => void;
  onChoosePlant: (plantId: string) => void;
}) {
  const first = new Set(boxPlants[boxSize]);
  const inBox = library.filter((p) => first.has(p.id));
  const others = library.filter((p) => !first.has(p.id));

  return (
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
              checked={boxSize === size}
              onChange={() => onChooseBox(size)}
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
              onStartFrom(e.target.value);
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
          onChange={(e) => onChoosePlant(e.target.value)}
          className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
        >
          <optgroup label={`In the ${BOX_GRIDS[boxSize].size} box's plan`}>
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
  );
}
