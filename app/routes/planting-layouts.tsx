// Planting layout examples (/education/layouts): each plan's grow box square by square, for spring
// and summer and for autumn and winter, with spacing and companion notes. Prints one A4 page a box.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { EducationToolHeader } from "#app/modules/guidance/education-tool-header.tsx";
import { PlantingGrid } from "#app/modules/guidance/planting-grid.tsx";
import { listPlantingLayouts } from "#app/modules/guidance/planting-layouts.ts";
import type { Route } from "./+types/planting-layouts";

export function loader() {
  return { layouts: listPlantingLayouts() };
}

export const meta = staticPageMeta("/education/layouts");

const metres = (m: number) => `${m} m`;

export default function PlantingLayouts({ loaderData }: Route.ComponentProps) {
  const { layouts } = loaderData;
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28 print:p-0">
      <EducationToolHeader title="Planting layouts">
        <p className="mt-4 text-lg text-ink/80">
          Where everything goes in each grow box. We split the box into squares of about 30 cm (a
          third of a metre, so a 1 m² box is 3 × 3) and give each square one crop, planted at a set
          number per square. The box changes with the seasons, so there are two layouts for each:
          one for spring and summer, one for autumn and winter.
        </p>
        <ul className="mt-6 space-y-2 text-ink/85">
          <li>
            <strong>Sun from the north.</strong> Each layout runs from the north side of the box
            (left) to the south side (right). Tall crops and trellises go on the south side, where
            they shade nothing.
          </li>
          <li>
            <strong>×4 means four plants in that square</strong>, spaced evenly. The list under each
            box gives the spacing in centimetres.
          </li>
          <li>
            <strong>Two names in a square</strong> means two quick crops sharing it, half each.
          </li>
          <li>
            <strong>Keep the onion family together</strong> (garlic, onions, leeks, chives, spring
            onions) and away from peas and beans, which grow poorly beside them.
          </li>
        </ul>
        <p className="mt-6 text-ink/80">
          Printing this page gives one A4 sheet per box to take outside. Jump to:{" "}
          {layouts.map((layout, i) => (
            <span key={layout.planId}>
              {i > 0 && ", "}
              <a href={`#plan-${layout.planId}`} className="text-leaf underline underline-offset-4">
                {layout.size}
              </a>
            </span>
          ))}
          .
        </p>
      </EducationToolHeader>

      {layouts.map((layout) => (
        <section
          key={layout.planId}
          id={`plan-${layout.planId}`}
          aria-labelledby={`plan-${layout.planId}-title`}
          className="layout-plan mt-16 scroll-mt-24 border-t border-ink/10 pt-10 print:mt-0 print:border-0 print:pt-0"
        >
          <p className="hidden text-[8pt] tracking-widest text-soil uppercase print:block">
            Patch planting layouts
          </p>
          <h2 id={`plan-${layout.planId}-title`} className="text-3xl font-bold">
            The {layout.size} box
          </h2>
          <p className="mt-2 text-ink/80">
            {metres(layout.bed.widthM)} × {metres(layout.bed.lengthM)}: {layout.grid}.{" "}
            {layout.plants.length + layout.besideTheBox.length} varieties through the year.
          </p>
          <div className="mt-6 grid gap-8 md:grid-cols-2 print:mt-3 print:grid-cols-2 print:gap-4">
            {layout.seasons.map((season) => (
              <PlantingGrid key={season.id} layout={season} sizeLabel={layout.size} />
            ))}
          </div>
          {layout.besideTheBox.length > 0 && (
            <p className="mt-4 text-ink/85">
              <strong>Beside the box:</strong>{" "}
              {layout.besideTheBox
                .map((p) => `${p.short}, ${p.note.charAt(0).toLowerCase()}${p.note.slice(1)}`)
                .join(" ")}
            </p>
          )}
          <h3 className="mt-8 text-xl font-bold print:mt-3 print:text-base">
            Spacing and companions
          </h3>
          <ul className="layout-legend mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3 print:mt-1 print:gap-y-1">
            {layout.plants.map((plant) => (
              <li key={plant.name} className="break-inside-avoid">
                <span className="font-semibold">{plant.name}</span>{" "}
                <span className="text-ink/75">
                  · {plant.perSquare} per square · {plant.spacing}
                </span>
                <span className="block text-sm text-ink/80">{plant.note}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <p className="mt-16 max-w-3xl text-ink/80 print:hidden">
        When does each crop go in? The{" "}
        <Link to={paths.education} className="text-leaf underline underline-offset-4">
          monthly guides
        </Link>{" "}
        say what to sow and plant in your region each month, and the{" "}
        <Link to={paths.calendar} className="text-leaf underline underline-offset-4">
          planting calendar
        </Link>{" "}
        puts it in your phone.
      </p>
    </div>
  );
}
