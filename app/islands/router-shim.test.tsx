// The shim's links and forms render what React Router's own render, so a page React Router drew
// on the server hydrates in an island without a mismatch.
import { renderToStaticMarkup } from "react-dom/server";
import * as RR from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import * as Shim from "./router-shim.tsx";

const at = "/education/slug-patrol";
beforeEach(() => {
  // The shim reads the browser's location; React Router gets the same path from its router.
  (globalThis as { location?: unknown }).location = { pathname: at, search: "", hash: "" };
});
afterEach(() => {
  delete (globalThis as { location?: unknown }).location;
});

/** Markup with each tag's attributes in name order: hydration compares attributes by name. */
const normalised = (html: string) =>
  html.replace(/<([a-z]+)((?:\s[\w-]+="[^"]*")*)>/g, (_, tag: string, attrs: string) => {
    const sorted = [...attrs.matchAll(/\s([\w-]+="[^"]*")/g)].map((m) => m[1]).sort();
    return `<${[tag, ...sorted].join(" ")}>`;
  });

function parts(lib: typeof Shim | typeof RR) {
  const { Link, NavLink, Form } = lib as typeof Shim;
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");
  return (
    <div>
      <Link to="/products" className="btn" aria-label="All products">
        Products
      </Link>
      <Link to="/waitlist?plan=1m2">Select</Link>
      <Link to="https://example.com/x" target="_blank" rel="noopener">
        Out
      </Link>
      <NavLink to="/" end className={navClass}>
        Home
      </NavLink>
      <NavLink to="/education" className={navClass}>
        Education
      </NavLink>
      <NavLink to="/education/slug-patrol" className="plain">
        This page
      </NavLink>
      <NavLink to="/waitlist" className={navClass}>
        Waitlist
      </NavLink>
      <Form method="post" action="/auth" className="f">
        <button type="submit">Log out</button>
      </Form>
    </div>
  );
}

test("links, nav links and forms are the same markup as React Router's", () => {
  const shim = renderToStaticMarkup(parts(Shim));
  // A data router, as the app's (React Router's Form needs one).
  const router = RR.createMemoryRouter([{ path: "*", element: parts(RR) }], {
    initialEntries: [at],
  });
  const real = renderToStaticMarkup(<RR.RouterProvider router={router} />);
  expect(normalised(shim)).toBe(normalised(real));
  // And they say what they should.
  expect(shim).toContain('aria-current="page" class="on" href="/education"');
  expect(normalised(shim)).toContain(
    '<a href="https://example.com/x" rel="noopener" target="_blank">',
  );
  expect(shim).toContain('class="off" href="/" data-discover="true"');
});
