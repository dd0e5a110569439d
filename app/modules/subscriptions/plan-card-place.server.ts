// Where a plan card's 'Subscribe' asked to deliver (issue 39, ADR 079): the region chosen or a
// postcode typed instead, read from /subscribe's query the same way on every page it passes
// through. A postcode decides the region; one we can't place goes back to the cards with its
// message, the plan and the postcode kept.
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";
import { POSTCODE_MESSAGES } from "#app/lib/nz-postcodes.ts";
import { regionOrPostcode } from "#app/lib/postcode-schema.ts";
import { findPlan } from "./plans.ts";

const placeSchema = regionOrPostcode({ region: "region", postcode: "postcode" }, NZ_REGIONS);

export type PlanCardPlace =
  | { kind: "none" }
  /** The query named the region the postcode is in: "1010 is in Auckland". */
  | { kind: "found"; region: NzRegion; postcode: string; note: string }
  /** Go here instead: the query with the postcode's region, or back to the cards with the error. */
  | { kind: "redirect"; to: string };

/** The postcode in a query, if one was typed. */
function typedPostcode(search: URLSearchParams): string {
  return (search.get("postcode") ?? "").trim().slice(0, 20);
}

export function planCardPlace(url: URL): PlanCardPlace {
  const postcode = typedPostcode(url.searchParams);
  if (!postcode) return { kind: "none" };
  const parsed = placeSchema.safeParse({ region: url.searchParams.get("region") ?? "", postcode });
  if (!parsed.success) {
    const back = new URLSearchParams({ postcode });
    const plan = findPlan(url.searchParams.get("plan"));
    if (plan) back.set("plan", plan.id);
    return { kind: "redirect", to: `/?${back.toString()}#plans` };
  }
  const { region } = parsed.data;
  if (url.searchParams.get("region") !== region || url.searchParams.get("postcode") !== postcode) {
    // A data request (/subscribe.data, ?_route=) stands for the page itself.
    const search = new URLSearchParams(url.search);
    search.delete("_route");
    search.set("region", region);
    search.set("postcode", postcode);
    return { kind: "redirect", to: `${url.pathname.replace(/\.data$/, "")}?${search.toString()}` };
  }
  return { kind: "found", region, postcode, note: POSTCODE_MESSAGES.found(postcode, region) };
}

/** The home page's cards, sent back with a postcode we couldn't place: what to show. */
export function planCardPostcodeError(url: URL): { postcode: string; error: string } | null {
  const postcode = typedPostcode(url.searchParams);
  if (!postcode) return null;
  const parsed = placeSchema.safeParse({ region: "", postcode });
  if (parsed.success) return null;
  return { postcode, error: parsed.error.issues[0]?.message ?? POSTCODE_MESSAGES.malformed };
}

/** The note for a page that was handed a region and the postcode that chose it (the waitlist). */
export function postcodeNote(search: URLSearchParams, region: string): string | null {
  const postcode = typedPostcode(search);
  const parsed = placeSchema.safeParse({ region: "", postcode });
  return parsed.success && parsed.data.region === region
    ? POSTCODE_MESSAGES.found(postcode, parsed.data.region)
    : null;
}
