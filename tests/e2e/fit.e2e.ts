// Pages that fit (issue 19): no page pans sideways on a 390 px phone, signed out, signed in or as
// an admin; the growing-space survey is two presses from the home page; the shop's phone layout.
import type { Page } from "playwright-core";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { signedInAdmin, signedInMember } from "./members.ts";

const PUBLIC_ROUTES = [
  "/",
  "/product",
  "/product/family-grow-box-kit",
  "/products",
  "/education",
  "/education/what-is-patch",
  "/education/slug-patrol",
  "/education/monthly/january",
  "/education/layouts",
  "/calendar",
  "/define-garden",
  "/checkout",
  "/waitlist",
  "/privacy",
  "/terms",
  "/about",
  "/garden",
  "/auth",
  "/signup",
  "/auth/forgot",
  "/no-such-page",
];

const PROFILE_ROUTES = [
  "/profile",
  "/profile/security",
  "/profile/phone",
  "/profile/reminders",
  "/profile/subscription",
  "/profile/orders",
  "/profile/privacy",
  "/subscribe",
  "/address",
];

const ADMIN_ROUTES = [
  "/admin",
  "/admin/orders",
  "/admin/products",
  "/admin/waitlist",
  "/admin/users",
  "/admin/tips",
];

/** How far the page reaches past the right edge of the window, in px (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The routes whose page is wider than the window, with by how much. */
async function overflowing(page: Page, routes: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of routes) {
    await page.goto(path);
    const by = await overflow(page);
    if (by > 0) wide.push(`${path} (+${by} px)`);
  }
  return wide;
}

/**
 * The forms on these pages that leave a missing answer to the browser's own bubble (a `required`
 * control in a form without `novalidate`): one error style across the site is the server's words,
 * inline beside the field (issue 19).
 */
async function bubbleForms(page: Page, routes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of routes) {
    await page.goto(path);
    const names = await page.evaluate(() =>
      [...document.querySelectorAll("form:not([novalidate])")]
        .filter((f) => f.querySelector("[required]"))
        .map((f) => f.getAttribute("aria-label") ?? f.id ?? f.getAttribute("action") ?? "form"),
    );
    for (const name of names) found.push(`${path}: ${name}`);
  }
  return found;
}

test("no form on any page leaves its errors to the browser's bubbles", async ({ page }) => {
  await page.setViewportSize(PHONE);
  expect(await bubbleForms(page, PUBLIC_ROUTES)).toEqual([]);
  await signedInAdmin(page, "admin@example.com");
  expect(
    await bubbleForms(page, [
      ...PROFILE_ROUTES,
      ...ADMIN_ROUTES,
      "/admin/products/new",
      "/admin/products/family-grow-box-kit",
    ]),
  ).toEqual([]);
});

for (const size of [PHONE, DESKTOP]) {
  test(`no public page is wider than a ${size.width} px window`, async ({ page }) => {
    await page.setViewportSize(size);
    expect(await overflowing(page, PUBLIC_ROUTES)).toEqual([]);
  });
}

test("no page of the account area is wider than a 390 or 1280 px window", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInMember(page, "fit");
  expect(await overflowing(page, PROFILE_ROUTES)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await overflowing(page, PROFILE_ROUTES)).toEqual([]);
});

test("no admin page is wider than a 390 or 1280 px window", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAdmin(page, "admin@example.com");
  expect(await overflowing(page, ADMIN_ROUTES)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await overflowing(page, ADMIN_ROUTES)).toEqual([]);
});

test("on a desktop the account area's cards fill two columns; one card stays whole", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInMember(page, "fitwide");
  const tops = async (path: string) => {
    await page.goto(path);
    return page.locator("main section[aria-labelledby]").evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), left: Math.round(r.left) };
      }),
    );
  };
  // Sign-in and security: four cards, two columns side by side.
  const cards = await tops("/profile/security");
  expect(cards.length).toBeGreaterThan(2);
  expect(new Set(cards.map((c) => c.left)).size).toBe(2);
  expect(cards.some((c, i) => i > 0 && c.top === cards[0]!.top)).toBe(true);
  // Your details and where you grow (issue 23): two cards, side by side.
  const details = await tops("/profile");
  expect(details).toHaveLength(2);
  expect(new Set(details.map((c) => c.left)).size).toBe(2);
});

for (const size of [PHONE, DESKTOP]) {
  test(`the growing-space survey is two presses from the home page at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    if (size === PHONE) {
      // Press one: the menu; press two: the survey.
      await page.getByRole("button", { name: "Open menu" }).click();
      await page
        .getByRole("dialog", { name: "Menu" })
        .getByRole("link", { name: /which box suits/i })
        .click();
    } else {
      // One press: a link on the home page itself.
      await page
        .getByRole("link", { name: /which box suits/i })
        .first()
        .click();
    }
    await page.waitForURL(/\/define-garden$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });
}

test("the waitlist points someone unsure to the survey", async ({ page }) => {
  await page.goto("/waitlist");
  await page.getByRole("link", { name: "Answer six questions about your space" }).click();
  await page.waitForURL(/\/define-garden$/);
});

/** The focused element is the form's error summary (issue 39), in the window and below the fixed
 * header; its first link goes to `first`, the first field to put right. */
async function focusedErrorInView(page: Page, first: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
    .toBe("error-summary");
  expect(
    await page.getByTestId("error-summary").getByRole("link").first().getAttribute("href"),
  ).toBe(`#${first}`);
  // Scrolling (smooth unless reduced motion) ends with the field below the header.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const top = document.activeElement!.getBoundingClientRect().top;
        const header = document.querySelector("header")!.getBoundingClientRect().bottom;
        return top >= header - 1 && top < window.innerHeight;
      }),
    )
    .toBe(true);
}

test("a survey sent with answers missing moves focus to its error summary", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/define-garden");
  await page.getByRole("button", { name: "See my recommendation" }).click();
  await page.getByText("Please choose", { exact: false }).first().waitFor();
  await focusedErrorInView(page, "kind");
});

test("the calendar's missing region is shown inline and focused, not as a browser bubble", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/calendar");
  expect(
    await page.locator("form[aria-labelledby='choose-title']").getAttribute("novalidate"),
  ).toBe("");
  await page.getByRole("button", { name: "Make my calendar" }).click();
  await page.getByRole("heading", { name: "There is a problem" }).waitFor();
  await focusedErrorInView(page, "region");
});

test("deleting an account without the tick says so inline and keeps the account", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInMember(page, "fitdelete");
  await page.goto("/profile/privacy");
  await page.locator("#deletePassword").fill("whatever it is");
  await page.getByRole("button", { name: "Delete my account" }).click();
  // The server's words, in the form, not the browser's bubble (which would never reach the server).
  await page.getByTestId("error-summary").getByText("Please tick the box to confirm.").waitFor();
  expect(await page.getByRole("checkbox").getAttribute("aria-invalid")).toBe("true");
  await page.goto("/profile");
  expect(new URL(page.url()).pathname).toBe("/profile");
});

test("a refused sign-in says so once, in the form, leaving 'Create Account' uncovered", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/auth");
  await page.getByLabel("Email").fill("nobody.here@example.nz");
  await page.getByLabel("Password").fill("not the right password at all");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
  // No toast repeats it over the page.
  await page.waitForTimeout(500);
  expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
});

test("on a phone the products list shows two products a row", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/products");
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  expect(await cards.count()).toBeGreaterThan(1);
  const [a, b] = await cards.evaluateAll((els) =>
    els.slice(0, 2).map((el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), left: r.left, width: r.width };
    }),
  );
  expect(a!.top).toBe(b!.top);
  expect(a!.left).toBeLessThan(b!.left);
  expect(a!.width).toBeLessThan(PHONE.width / 2);
});

test("the products filter applies itself, with no separate Apply button", async ({
  page,
  noScriptPage,
}) => {
  await page.goto("/products");
  expect(await page.getByRole("button", { name: "Apply" }).isVisible()).toBe(false);
  // Without JavaScript the button is there, so the filter still works.
  await noScriptPage.goto("/products");
  expect(await noScriptPage.getByRole("button", { name: "Apply" }).isVisible()).toBe(true);
});

test("on a phone a product page keeps 'Add to cart' in view and hides nothing under it", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/product/family-grow-box-kit");
  // The page scrolls smoothly (app.css), so a plain scrollTo would be measured mid-glide: jump.
  const toEnd = () =>
    page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
  await toEnd();
  const bar = page.getByRole("region", { name: "Add to cart" });
  await expect.poll(() => bar.isVisible()).toBe(true);
  // The bar appears once the page has hydrated and the stepper is out of view; the room it makes
  // lengthens the page, so scroll to the (new) end again, as a person still scrolling would.
  await toEnd();
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
  expect(await bar.getByRole("button", { name: /add to cart/i }).isVisible()).toBe(true);
  // The footer's last line is above the bar once the page is scrolled to its end.
  await expect
    .poll(async () => {
      await toEnd();
      return page.evaluate(() => document.querySelector("footer")!.getBoundingClientRect().bottom);
    })
    .toBeLessThanOrEqual(box.y + 1);
});

test("on a desktop a product page has no sticky bar", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/product/family-grow-box-kit");
  expect(await page.getByRole("region", { name: "Add to cart" }).isVisible()).toBe(false);
});

test("the About page says who we are and is linked from the footer", async ({ page }) => {
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "About Us" }).click();
  await page.waitForURL(/\/about$/);
  await page.getByRole("heading", { level: 1, name: /about/i }).waitFor();
});
