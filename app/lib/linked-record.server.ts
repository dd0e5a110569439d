// A confirmation page opened from a link that names its record in the query (/post-checkout?order=…,
// /gift/sent?gift=…): without the id the visitor is sent on to `missing`; an id that finds nothing
// is a 404.
import { data, redirect } from "react-router";

export async function linkedRecord<R>(
  request: Request,
  {
    param,
    missing,
    find,
  }: { param: string; missing: string; find: (id: string) => Promise<R | null | undefined> },
): Promise<{ id: string; record: R }> {
  const id = new URL(request.url).searchParams.get(param);
  if (!id) throw redirect(missing);
  const record = await find(id);
  if (!record) throw data(null, { status: 404 });
  return { id, record };
}
