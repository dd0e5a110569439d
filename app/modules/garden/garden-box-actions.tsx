// The buttons under the garden grid: clear the selected square, ask a coach about it, print the
// plan on one page (the page's print: styles hide the controls), and start next season.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export function GardenBoxActions({
  active,
  plantId,
  hasPlant,
  activeDescription,
  onClear,
  onNextSeason,
}: {
  active: number;
  /** The first plant in the selected square, if any. */
  plantId?: string;
  /** The selected square has a plant from the library in it. */
  hasPlant: boolean;
  /** The selected square as a screen reader hears it. */
  activeDescription: string;
  onClear: () => void;
  onNextSeason: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2 print:hidden">
      <button type="button" className="btn-secondary min-h-11" onClick={onClear}>
        Clear the selected square
      </button>
      {/* A coach's answer about the chosen square's plant (issue 41): a link, so Tab and Enter
          reach it after choosing a square with the arrow keys. */}
      <Link
        to={paths.coachAsk({ from: "garden", square: active, plant: plantId })}
        className="btn-secondary min-h-11"
        data-testid="garden-ask-coach"
      >
        {hasPlant ? "Ask about this plant" : "Ask a coach about this square"}
        <span className="sr-only">
          {": "}
          {activeDescription}
        </span>
      </Link>
      <button type="button" className="btn-secondary min-h-11" onClick={() => window.print()}>
        Print on one page
      </button>
      <button type="button" className="btn-secondary min-h-11" onClick={onNextSeason}>
        Start next season
      </button>
    </div>
  );
}
