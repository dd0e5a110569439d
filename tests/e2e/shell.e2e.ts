// The site shell (SPEC §2): header, mobile menu, footer, cart button, 404 and the crash screen.
import { axeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, expect, mailboxUrl, PHONE, test } from "./fixtures.ts";
import { SPEC_ROUTES as routes } from "./spec-routes.ts";

test("every route of the spec's table renders inside the shell", async () => {
  for (const path of routes) {
    const res = await fetch(baseUrl() + path, { redirect: "manual" });
    expect([200, 302, 303], path).toContain(res.status);
    // The id in the request's log line, for a person reporting a problem to quote.
    expect(res.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    if (res.status !== 200) continue;
    const html = await res.text();
    expect(html, path).toContain("<header");
    expect(html, path).toContain("<footer");
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  }
});

test("every page is React Router's, with its route manifest the page's own slice", async () => {
  for (const path of [
    "/",
    "/products",
    "/education",
    "/waitlist/confirm?token=x",
    "/no-such-page",
  ]) {
    const html = await (await fetch(baseUrl() + path)).text();
    expect(html, path).toContain("__reactRouterContext");
    expect(html, path).not.toContain("data-island");
  }
  // Its route manifest is the page's own slice, written inline (routeDiscovery "lazy", ADR 054):
  // the browser builds and ranks the routes of this page, not all of the site's.
  const checkout = await (await fetch(baseUrl() + "/checkout")).text();
  expect(checkout).toContain("__reactRouterContext");
  expect(checkout).toContain("__reactRouterManifest");
  expect(checkout).toContain('"routes/checkout"');
  expect(checkout).not.toContain('"routes/admin');
  expect(checkout).not.toMatch(/import "\/assets\/manifest-/);
});

test("React Router's pages hydrate the server's document in place with React DOM, and a visit inside the app updates it", async ({
  page,
}) => {
  // Each server element is marked before any script runs; hydration must keep them, not draw a
  // second document beside them.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      for (const el of document.querySelectorAll("head, body, main, main h1"))
        (el as HTMLElement).dataset.fromServer = "";
    });
  });
  await page.goto("/checkout");
  const shape = () =>
    page.evaluate(() => ({
      html: [...document.documentElement.children].map((el) => el.nodeName),
      documents: document.querySelectorAll("html, head, body").length,
      kept: [...document.querySelectorAll("head, body, main")].map(
        (el) => (el as HTMLElement).dataset.fromServer !== undefined,
      ),
      title: document.title,
    }));
  expect(await shape()).toEqual({
    html: ["HEAD", "BODY"],
    documents: 3,
    kept: [true, true, true],
    title: "Checkout | Patch",
  });
  expect(await page.locator("main h1[data-from-server]").count()).toBe(1);
  expect(await page.locator("footer").count()).toBe(1);
  // A visit inside the app: same document, new title and heading; the cart still opens.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator("footer").getByRole("link", { name: "Returns and Guarantee" }).click();
  await page.getByRole("heading", { level: 1, name: "Returns and guarantee" }).waitFor();
  await expect.poll(() => page.title()).toMatch(/^Returns/);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  expect((await shape()).html).toEqual(["HEAD", "BODY"]);
  await page.locator("header").getByRole("button", { name: /^Cart/ }).click();
  await page.getByRole("dialog", { name: /^Your Cart/ }).waitFor();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`axe finds no violations on About, the waitlist and the 404 page at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/about", "/waitlist", "/unsubscribe?token=x", "/no-such-page"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}

test("the header is transparent at the top and cream with a border after 10 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: DESKTOP.width, height: 500 });
  await page.goto("/");
  const header = page.locator("header").first();
  await expect.poll(() => header.getAttribute("data-scrolled")).toBe("false");
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    "rgba(0, 0, 0, 0)",
  );
  await page.mouse.wheel(0, 200);
  await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe("rgb(251, 247, 238)");
  expect(await header.evaluate((el) => getComputedStyle(el).borderBottomColor)).not.toBe(
    "rgba(0, 0, 0, 0)",
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => header.getAttribute("data-scrolled")).toBe("false");
});

test("the desktop header has the navigation, Sign In and the cart", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of [
    ["Home", "/"],
    ["Education", "/education"],
    ["Products", "/products"],
    ["Waitlist", "/waitlist"],
  ]) {
    await expect
      .poll(() => nav.getByRole("link", { name, exact: true }).getAttribute("href"))
      .toBe(href);
  }
  expect(await page.getByRole("link", { name: "Sign In" }).first().getAttribute("href")).toBe(
    "/auth",
  );
  expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
  await page.getByRole("link", { name: "Patch home" }).click();
  await page.waitForURL(baseUrl() + "/");
});

test("under 768 px the menu toggle opens the full-screen mobile menu", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.waitFor();
  const box = await menu.boundingBox();
  expect(box?.width).toBe(PHONE.width);
  expect(box?.height).toBe(PHONE.height);
  const expected: [string, string][] = [
    ["Home", "/"],
    ["Education", "/education"],
    ["Products", "/products"],
    ["Waitlist", "/waitlist"],
    ["Start Your Garden", "/product"],
    ["Sign In", "/auth"],
    ["Cart", "/checkout"],
  ];
  for (const [name, href] of expected) {
    expect(await menu.getByRole("link", { name, exact: true }).getAttribute("href"), name).toBe(
      href,
    );
  }
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Education", exact: true }).click();
  await page.waitForURL(baseUrl() + "/education");
  await menu.waitFor({ state: "hidden" });
});

test("the footer has its columns, contact links, tagline and this year's copyright", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.locator("footer");
  for (const [name, href] of [
    ["All Products", "/products"],
    ["Join Waitlist", "/waitlist"],
    ["About Us", "/about"],
    ["Privacy Policy", "/privacy"],
    ["Terms of Service", "/terms"],
  ]) {
    expect(await footer.getByRole("link", { name }).getAttribute("href"), name).toBe(href);
  }
  for (const heading of ["Shop", "Information", "Contact"]) {
    await footer.getByRole("heading", { name: heading }).waitFor();
  }
  expect(await footer.locator('a[href^="tel:"]').getAttribute("href")).toBe("tel:+6495550142");
  expect(await footer.locator('a[href^="mailto:"]').getAttribute("href")).toBe(
    "mailto:hello@patch.nz",
  );
  const text = await footer.innerText();
  // The spec's 'the brand' is the brand's name.
  expect(text).toContain(
    "Sustainable gardening made simple. Begin your growing journey with Patch.",
  );
  expect(text).not.toContain("the brand");
  expect(text).toContain(`© ${new Date().getFullYear()} Patch`);
});

test("the cart badge shows the total quantity, hidden at 0, and the button toggles the panel", async ({
  page,
}) => {
  await page.goto("/");
  await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);
  await page.evaluate(() => {
    const product = (id: string, stockQuantity: number) => ({
      id,
      name: `Item ${id}`,
      price: 1000,
      category: "Seeds",
      images: [],
      stockQuantity,
    });
    localStorage.setItem(
      "cart-storage",
      JSON.stringify({
        state: {
          items: [
            { product: product("a", 5), quantity: 2 },
            { product: product("b", 5), quantity: 3 },
          ],
          isOpen: false,
        },
        version: 0,
      }),
    );
  });
  await page.reload();
  await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("5");
  const cartButton = page.getByRole("button", { name: "Cart, 5 items" });
  await cartButton.click();
  // The title counts the line items: 'Your Cart (2)'.
  const panel = page.getByRole("dialog", { name: "Your Cart (2)", exact: true });
  await panel.waitFor();
  await page.keyboard.press("Escape");
  await panel.waitFor({ state: "hidden" });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe("Cart, 5 items");

  // One of one thing: 'Cart, 1 item' and 'Your Cart (1)'. The stored cart is changed as the next
  // document starts: changed now, the closing panel's own late write could put the old one back.
  await page.addInitScript(() => {
    const stored = JSON.parse(localStorage.getItem("cart-storage") ?? "{}");
    if (stored.state?.items?.length) {
      stored.state.items = [{ ...stored.state.items[0], quantity: 1 }];
      localStorage.setItem("cart-storage", JSON.stringify(stored));
    }
  });
  await page.reload();
  await page.getByRole("button", { name: "Cart, 1 item", exact: true }).click();
  await page.getByRole("dialog", { name: "Your Cart (1)", exact: true }).waitFor();
});

test("an unknown page answers 404 with a helpful page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await page.getByRole("heading", { name: "We couldn't find that page" }).waitFor();
  // The page names itself in the tab and history, as every page does.
  expect(await page.title()).toBe("Page not found | Patch");
  expect(await page.locator("title").count()).toBe(1);
  expect(
    await page.getByRole("main").getByRole("link", { name: "Products" }).getAttribute("href"),
  ).toBe("/products");
  expect(await page.content()).not.toContain("Unexpected Application Error!");
});

test("a crash shows the spec's screen with status 500", async ({ page }) => {
  // The crash page is a development page: the printed mailbox link's key opens it.
  await page.goto(mailboxUrl());
  const res = await page.goto("/_dev/crash");
  expect(res?.status()).toBe(500);
  await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
  expect(await page.title()).toBe("Something went wrong | Patch");
  expect(
    await page
      .getByText("We encountered an authentication error. Please reload the page to try again.")
      .count(),
  ).toBe(1);
  await page.getByRole("button", { name: "Reload Page" }).click();
  await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
  expect(await page.content()).not.toContain("Unexpected Application Error!");
});

test("a public page sent again from the page cache runs its scripts under its hash policy", async ({
  page,
}) => {
  // A new visitor (no member hint) doesn't ask who is signed in: one page view, one page request.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/auth/session") asked.push(r.url());
  });
  for (const path of ["/", "/products", "/product/family-grow-box-kit", "/education"]) {
    // The first new visitor's answer is kept for a few seconds; the browser gets it again.
    await (await fetch(baseUrl() + path)).text();
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"], path).toBe("hit");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp, path).not.toContain("nonce-");
    // The page's scripts ran under the policy: it hydrated, and the cart button works.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated), path).toBe("true");
    await page.getByRole("button", { name: /^Cart/ }).click();
    const panel = page.getByRole("dialog", { name: /^Your Cart/ });
    await panel.waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
  }
  expect(asked).toEqual([]);
  // Any CSP violation is a console error, which fails this test (fixtures.ts).
});
