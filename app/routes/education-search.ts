// GET /education/search.json?q=…: the education hub's search as JSON, for its search box on the
// islands page (the box filters as you type without loading the page; without JavaScript the same
// search is the hub's own GET form). The same for everyone, so it may be cached briefly.
import { data } from "react-router";
import { searchEducation } from "#app/modules/guidance/get-education-hub.server.ts";
import type { Route } from "./+types/education-search";

export function loader({ request }: Route.LoaderArgs) {
  return data(searchEducation(new URL(request.url).searchParams.get("q")), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
