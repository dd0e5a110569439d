// The shared schema of a place given as a region or a postcode (ADR 079): the gift form and the plan
// cards' query. Apart from nz-postcodes.ts so that the pages that only look a postcode up send
// no zod to the browser.
import { z } from "./zod.ts";
import type { NzRegion } from "./nz-regions.ts";
import { POSTCODE_MESSAGES, regionForPostcode } from "./nz-postcodes.ts";

/**
 * A region chosen, or a postcode typed instead (issue 39): the postcode, when given, decides the
 * region; its problem is the postcode field's. The fields are named as the form names them.
 */
export function regionOrPostcode(
  fields: { region: string; postcode: string },
  regions: readonly NzRegion[],
  neededMessage: string = POSTCODE_MESSAGES.needed,
) {
  return z
    .object({
      [fields.region]: z.string().max(40).optional(),
      [fields.postcode]: z.string().max(20).optional(),
    })
    .transform((values, ctx): { region: NzRegion; postcode: string } => {
      const typed = String(values[fields.postcode] ?? "").trim();
      if (typed) {
        const found = regionForPostcode(typed);
        if (found.ok) return { region: found.region, postcode: found.postcode };
        ctx.addIssue({ code: "custom", path: [fields.postcode], message: found.message });
        return z.NEVER;
      }
      const chosen = String(values[fields.region] ?? "");
      const region = regions.find((r) => r === chosen);
      if (region) return { region, postcode: "" };
      ctx.addIssue({ code: "custom", path: [fields.region], message: neededMessage });
      return z.NEVER;
    });
}
