// Any path no route claims: a 404 answered by the root error boundary's not-found page.
import { noindexMeta } from "#app/lib/seo.ts";
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => noindexMeta("Page not found");

export default function NotFound() {
  return null;
}
