// The product list's category filter and sort (/products): a GET form, so it works before (or
// without) JavaScript with its Apply button; once the page runs, a changed select applies at once
// and the button goes (app.css: .until-hydrated). A select changed before the page has hydrated is
// applied too: the form is marked `data-apply-on-change`, which the inline press script honours
// (app/lib/press-replay.ts). An island on /products (ADR 017, 036).
import { Form, useSubmit } from "react-router";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { CATEGORIES, SORTS } from "./catalog-choices.ts";

export function ProductFilter({ category, sort }: { category: string; sort: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      data-apply-on-change=""
      className="mt-8 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 shadow-sm"
      onChange={(e) => void submit(e.currentTarget, { preventScrollReset: true })}
    >
      <FilterSelect
        name="category"
        label="Category"
        defaultValue={category}
        items={[["", "All categories"], ...CATEGORIES]}
      />
      <FilterSelect name="sort" label="Sort by" defaultValue={sort} items={Object.entries(SORTS)} />
      <button type="submit" className="btn-secondary until-hydrated">
        Apply
      </button>
    </Form>
  );
}
