// The profile's "Where you grow" card (issue 23): the town whose frost dates the garden uses, the
// dates, how warm the season is, and, behind 'Why these dates', where they come from.
import type { GrowingPlace } from "./find-growing-place.server.ts";
import { readableDay } from "./garden-rules.ts";

export function GrowingPlaceSummary({ place }: { place: GrowingPlace }) {
  const { town, frost, zone } = place;
  return (
    <div className="flex flex-col gap-4">
      {town ? (
        <p>
          {place.basis === "town" ? "Your town: " : "Nearest main town we have figures for: "}
          <strong>{town.name}</strong>, {town.region}. Planting times follow the{" "}
          {zone.name.toLowerCase()} calendar.
        </p>
      ) : (
        <p>Planting times follow the {zone.name.toLowerCase()} calendar.</p>
      )}
      {town && (
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3">
          <Fact term="Last spring frost">{frostWords(frost?.lastFrost)}</Fact>
          <Fact term="First autumn frost">{frostWords(frost?.firstFrost)}</Fact>
          <Fact term="Summer warmth">{`${town.growingDegreeDays} growing degree-days`}</Fact>
        </dl>
      )}
      <details className="rounded-xl border border-ink/10 px-4 py-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          Why these dates
        </summary>
        <p className="mt-2">{place.why}</p>
        {town && (
          <>
            <p className="mt-2 text-sm">
              Growing degree-days add up how far each day from October to April is above 10 °C, the
              warmth most summer crops need to grow: the higher the number, the longer and warmer
              the season for tomatoes, pumpkins and beans.
            </p>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {town.sources.map((s) => (
                <li key={s.name}>
                  <a href={s.url} className="underline" rel="noopener noreferrer">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </details>
    </div>
  );
}

/** One figure of the growing place, a term over its value. */
function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="rounded-xl bg-cream px-4 py-3">
      <dt className="text-sm">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** A frost's usual day, or that frosts are rare there. */
function frostWords(day: string | null | undefined): string {
  return day ? `About ${readableDay(day)}` : "Frosts are rare";
}
