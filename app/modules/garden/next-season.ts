// The suggested next season's plan (issue 23, ADR 045): the same box, each square's plants moved
// as a group to a square where no plant of the same family grew this season, so every family moves
// on (the rotation memory's rule, `rotationWarnings`, met by construction). Pure, so /garden shows
// the suggestion, the accept action recomputes the same one, and the tests check the rule.
import { MONTH_NAMES } from "#app/lib/month-names.ts";
import type { FrostDates } from "./garden-rules.ts";
import type { GardenPlan } from "./garden.schema.ts";
import type { Plant } from "./plant-library.schema.ts";

export interface NextSeasonPlan {
  /** Next season's squares. */
  squares: string[][];
  /** This season's squares, kept as next season's rotation memory. */
  lastSeason: string[][];
  /** For each square of this season (by number), the square its plants go to; null: left out. */
  moves: (number | null)[];
  /** Plants that found no square without their family (a plan of one family, say). */
  leftOut: string[];
}

function familiesOf(ids: readonly string[], library: ReadonlyMap<string, Plant>): Set<string> {
  return new Set(ids.flatMap((id) => library.get(id)?.family.botanical ?? []));
}

/**
 * Moves every planted square's plants to a square where none of their families grew: first the
 * whole plan turned half the box round (the usual rotation, so the plan's shape holds together),
 * else a square-by-square matching (augmenting paths over at most 18 squares) that places as many
 * as can go. Empty squares stay empty; plants that fit nowhere are left out and named.
 */
export function suggestNextSeason(
  plan: Pick<GardenPlan, "squares">,
  libraryList: readonly Plant[],
): NextSeasonPlan {
  const library = new Map(libraryList.map((p) => [p.id, p]));
  const now = plan.squares.map((s) => [...s]);
  const n = now.length;
  const families = now.map((ids) => familiesOf(ids, library));
  const fits = (from: number, to: number) =>
    ![...families[from]!].some((family) => families[to]!.has(family));
  const planted = now.flatMap((ids, i) => (ids.length > 0 ? [i] : []));

  // Turned by k squares: square i's plants go to (i + k) mod n. Half the box round first.
  const half = Math.floor(n / 2);
  const turns = [half, ...Array.from({ length: n - 1 }, (_, i) => i + 1).filter((k) => k !== half)];
  const turn = turns.find((k) => planted.every((i) => fits(i, (i + k) % n)));
  let moves: (number | null)[];
  if (turn !== undefined) {
    moves = now.map((ids, i) => (ids.length > 0 ? (i + turn) % n : null));
  } else {
    // Kuhn's matching: each planted square to a free square its families may go to, tried from
    // half the box round on, so the answer is the same every time.
    const takenBy = new Array<number | null>(n).fill(null);
    const place = (from: number, seen: Set<number>): boolean => {
      for (let step = 0; step < n; step++) {
        const to = (from + half + step) % n;
        if (seen.has(to) || !fits(from, to)) continue;
        seen.add(to);
        const holder = takenBy[to];
        if (holder === null || holder === undefined || place(holder, seen)) {
          takenBy[to] = from;
          return true;
        }
      }
      return false;
    };
    for (const from of planted) place(from, new Set());
    moves = now.map(() => null);
    takenBy.forEach((from, to) => {
      if (from !== null) moves[from] = to;
    });
  }
  const squares: string[][] = now.map(() => []);
  const leftOut: string[] = [];
  now.forEach((ids, from) => {
    const to = moves[from];
    if (to === null || to === undefined) leftOut.push(...ids);
    else squares[to] = [...ids];
  });
  return { squares, lastSeason: now, moves, leftOut: [...new Set(leftOut)] };
}

/** The New Zealand growing season runs 1 July to 30 June (ADR 042). */
const SEASON_STARTS = "07-01";
/** Where frosts are rare or unknown, the season's end is taken as 1 May (late autumn). */
export const MILD_SEASON_END = "05-01";

/**
 * Has this season ended, so the next season's plan is offered on its own? From the town's
 * average first autumn frost (1 May where frosts are rare or unknown) until the season turns on
 * 1 July. At any other time the member can ask for it.
 */
export function seasonHasEnded(today: string, frost: FrostDates | null): boolean {
  const md = today.slice(5, 10);
  const end = frost?.firstFrost ?? MILD_SEASON_END;
  return md < SEASON_STARTS && md >= end;
}

/** What /garden shows of the next season's plan (null: nothing planted to rotate). */
export interface NextSeasonData {
  /** Shown in full: the season has ended, or the member asked. */
  offered: boolean;
  /** The season's end as the page says it: "about 10 April" or "1 May". */
  seasonEnds: string;
  columns: number;
  squares: string[][];
  moves: (number | null)[];
  leftOut: string[];
  /** Which saved plan the suggestion was made from (the accept action checks it). */
  basis: string;
}

/** A short fingerprint of a plan's squares: the same squares, the same text. */
export function squaresBasis(squares: readonly (readonly string[])[]): string {
  const text = JSON.stringify(squares);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
}

export function nextSeasonData(
  plan: GardenPlan | null,
  library: readonly Plant[],
  { today, frost, asked }: { today: string; frost: FrostDates | null; asked: boolean },
  columns: number,
): NextSeasonData | null {
  if (!plan || plan.squares.every((s) => s.length === 0)) return null;
  const next = suggestNextSeason(plan, library);
  const [m, d] = (frost?.firstFrost ?? MILD_SEASON_END).split("-").map(Number);
  return {
    offered: asked || seasonHasEnded(today, frost),
    seasonEnds: frost?.firstFrost
      ? `about ${d} ${MONTH_NAMES[m! - 1]}`
      : `${d} ${MONTH_NAMES[m! - 1]}`,
    columns,
    squares: next.squares,
    moves: next.moves,
    leftOut: next.leftOut,
    basis: squaresBasis(plan.squares),
  };
}
