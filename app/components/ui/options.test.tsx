// The shared select pieces render the options and wiring the filter and product forms had inline:
// a string is value and label, a pair is [value, label], and a control's error and hint are read.
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { controlProps, fieldAria } from "./form-field.tsx";
import { FilterSelect, Options } from "./options.tsx";

test("a string is both value and label; a pair is value then label", () => {
  expect(
    renderToStaticMarkup(<Options items={["Seeds", ["price-asc", "Price: low to high"]]} />),
  ).toBe(
    '<option value="Seeds">Seeds</option><option value="price-asc">Price: low to high</option>',
  );
});

test("a filter select is labelled, named by its id and keeps its chosen value", () => {
  const html = renderToStaticMarkup(
    <FilterSelect
      name="status"
      label="Status"
      defaultValue="paid"
      items={[
        ["", "All"],
        ["paid", "Paid"],
      ]}
    />,
  );
  expect(html).toContain('<label for="status"');
  expect(html).toContain('<select id="status" name="status"');
  expect(html).toMatch(/<option value="paid" selected="">Paid<\/option>/);
});

test("a control points at its hint and error only when they are there", () => {
  expect(fieldAria("name")).toEqual({ "aria-invalid": undefined, "aria-describedby": undefined });
  expect(fieldAria("pictures", undefined, "Up to 6")).toEqual({
    "aria-invalid": undefined,
    "aria-describedby": "pictures-hint",
  });
  expect(controlProps("pictures", "Too large", "Up to 6")).toEqual({
    id: "pictures",
    name: "pictures",
    "aria-invalid": true,
    "aria-describedby": "pictures-hint pictures-error",
  });
});
