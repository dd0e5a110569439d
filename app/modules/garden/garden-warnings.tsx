// The garden plan's warnings under the grid: poor neighbours, a family back in last season's
// square, and plants out of season, each once.
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import type { PlanWarning } from "./garden-editor-plan.ts";

export function GardenWarnings({ warnings }: { warnings: PlanWarning[] }) {
  return (
    <TitledSection
      id="garden-warnings-heading"
      title={warnings.length === 0 ? "No warnings" : `Warnings (${warnings.length})`}
      className="rounded-3xl bg-white p-5 shadow-sm sm:p-6 print:shadow-none"
      titleClassName="text-xl font-bold"
    >
      {warnings.length === 0 ? (
        <p className="mt-2 text-sm text-ink/80">Neighbours get on, and everything is in season.</p>
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
  );
}
