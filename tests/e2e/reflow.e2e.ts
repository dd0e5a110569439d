// Reflow (issue 39; WCAG 1.4.10 Reflow, 1.4.4 Resize text): at 320 CSS px nothing scrolls
// sideways on any route of the spec's table (SPEC §2, with real slugs from the demo data) nor on the
// member, gift and subscribe pages; at 200 % on a 390 px phone the menu button, the shop's prices
// and the primary actions of /subscribe and a product page stay on screen; a plan card flipped by
// keyboard keeps focus on the card. A failing page is named with the elements that stick out.
import type { Browser, Page } from "playwright-core";
import { baseUrl, expect, test, visitorAddress } from "./fixtures.ts";
import { signedInAdmin, signedInMember, subscribeWithDemoCard } from "./members.ts";
import { SPEC_ROUTES } from "./spec-routes.ts";

const NARROW = { width: 320, height: 640 } as const;

/** SPEC §2's route table, and where the password-reset e-mail returns. */
const SPEC_TABLE = [...SPEC_ROUTES, "/auth?mode=reset-password"];

/** The pages a signed-in member sees that the spec's table doesn't name. */
const MEMBER_ROUTES = [
  "/", // the member home: their next box instead of the waitlist
  "/subscribe",
  "/subscribe?plan=2m2&region=Auckland",
  "/gift",
  "/gift/redeem",
  "/profile",
  "/profile/subscription",
  "/profile/security",
  "/profile/reminders",
  "/profile/orders",
  "/profile/privacy",
  "/garden",
  "/coach",
  "/calendar",
  "/checkout",
  "/address",
];

/**
 * Whether the page scrolls sideways and, if so, which elements reach past the window's right
 * edge (the deepest ones first, at most eight), so a failure names its culprit.
 */
async function sideways(page: Page, window_?: number): Promise<string | null> {
  return page.evaluate((given) => {
    const width = given ?? window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    // Inside a container that scrolls or clips sideways (the account's tab strip), an element
    // may reach past the edge without moving the page.
    const clipped = (e: HTMLElement) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible") return true;
      return false;
    };
    const past = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e),
    );
    // An element whose own children stick out is only their container: name the children.
    const culprits = past.filter((e) => !past.some((c) => c !== e && e.contains(c)));
    return `${document.documentElement.scrollWidth} px wide: ${culprits
      .slice(0, 8)
      .map((e) => {
        const cls = typeof e.className === "string" ? e.className.split(/\s+/).slice(0, 4) : [];
        const text = (e.innerText ?? "").trim().slice(0, 30);
        return `<${e.tagName.toLowerCase()}${cls.length ? ` .${cls.join(".")}` : ""}> right ${Math.round(e.getBoundingClientRect().right)}${text ? ` "${text}"` : ""}`;
      })
      .join("; ")}`;
  }, window_);
}

/** The routes that scroll sideways, each with what sticks out. */
async function scrollingSideways(page: Page, routes: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    // The header's fonts and the lazily loaded pages settle first.
    await page.evaluate(() => document.fonts.ready);
    await page.getByText("Loading...", { exact: true }).first().waitFor({ state: "hidden" });
    const found = await sideways(page);
    if (found) {
      wide.push(`${route}: ${found}`);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/reflow${route.replace(/[^a-z0-9]+/gi, "-")}.png`,
          fullPage: true,
        });
    }
  }
  return wide;
}

test("at 320 px no route of the spec's table scrolls sideways, signed out", async ({ page }) => {
  await page.setViewportSize(NARROW);
  expect(await scrollingSideways(page, SPEC_TABLE), "pages that scroll sideways").toEqual([]);
});

test("at 320 px no member, gift or subscribe page scrolls sideways, with a subscription and without", async ({
  page,
}) => {
  await page.setViewportSize(NARROW);
  await signedInMember(page, "reflow");
  expect(await scrollingSideways(page, MEMBER_ROUTES), "before subscribing").toEqual([]);
  await subscribeWithDemoCard(page);
  expect(
    await scrollingSideways(page, [
      "/",
      "/profile/subscription",
      "/profile/orders",
      "/calendar",
      "/gift",
    ]),
    "with a subscription",
  ).toEqual([]);
});

test("at 320 px the admin's home doesn't scroll sideways", async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signedInAdmin(page, "admin@example.com");
  expect(await scrollingSideways(page, ["/admin"])).toEqual([]);
});

/**
 * A 390 px phone zoomed to 200 %: the browser lays the page out in 195 CSS px at twice the
 * phone's density (2 × 2 = 4 device pixels to a CSS pixel). Page zoom can't be set from the
 * DevTools protocol, so it is emulated as the layout it produces: a 195 px wide viewport at
 * deviceScaleFactor 4.
 */
const ZOOMED = { width: 195, height: 422 } as const;
async function zoomedPhone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: ZOOMED,
    deviceScaleFactor: 4,
    isMobile: !process.env.ZOOM_SURVEY,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  return { context, page: await context.newPage() };
}

/** Whether the element is wholly inside the window and is what a tap at its centre reaches. */
async function onScreen(page: Page, selector: string, index = 0) {
  const handle = page.locator(selector).nth(index);
  // In the middle of the window, clear of the fixed header and a phone's sticky bar.
  await handle.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  return handle.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const inside =
      r.width > 0 &&
      r.height > 0 &&
      r.left >= 0 &&
      r.top >= 0 &&
      r.right <= window.innerWidth + 0.5 &&
      r.bottom <= window.innerHeight + 0.5;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const reached = hit !== null && (hit === e || e.contains(hit));
    const over = reached ? undefined : `${hit?.tagName} ${hit?.className}`;
    return { inside, reached, over, box: [r.left, r.top, r.right, r.bottom].map(Math.round) };
  });
}

test("at 200 % on a 390 px phone the menu button, the prices and the primary actions stay on screen", async ({
  page,
}) => {
  const { context, page: phone } = await zoomedPhone(page.context().browser()!);
  try {
    // The menu button on every public page of the spec's table.
    const wide: string[] = [];
    for (const route of SPEC_TABLE.filter((r) => r !== "/admin" && r !== "/profile")) {
      await phone.goto(route);
      const found = await sideways(phone, ZOOMED.width);
      if (found) wide.push(`${route}: ${found}`);
      if (process.env.ZOOM_SURVEY) continue;
      const menu = phone.getByRole("button", { name: "Open menu" });
      await menu.waitFor();
      expect(await menu.isVisible(), `menu button on ${route}`).toBe(true);
      const box = await menu.boundingBox();
      expect(
        box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= ZOOMED.width,
        `menu button inside the window on ${route}: ${JSON.stringify(box)}`,
      ).toBe(true);
      // The menu opens and shows its links.
      if (route === "/") {
        await menu.click();
        await phone.getByRole("dialog").getByRole("link", { name: "Products" }).waitFor();
        await phone.keyboard.press("Escape");
      }
    }
    // Anything wider than the zoomed window widens a phone's layout viewport, and the fixed
    // header with it: the menu button would leave the screen.
    expect(wide, "pages wider than 195 px").toEqual([]);

    // Every price on /products whole and inside the window.
    await phone.goto("/products");
    const prices = phone.getByTestId("product-price");
    const count = await prices.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const price = prices.nth(i);
      await price.scrollIntoViewIfNeeded();
      const fit = await price.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return {
          whole: e.scrollWidth <= e.clientWidth || e.scrollWidth <= r.width + 0.5,
          inside: r.left >= 0 && r.right <= window.innerWidth + 0.5,
          text: e.textContent,
        };
      });
      expect(fit, `price ${fit.text}`).toMatchObject({ whole: true, inside: true });
      // Not cut off by its card either.
      const clipped = await price.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const card = e.closest("li")!.getBoundingClientRect();
        return r.left < card.left - 0.5 || r.right > card.right + 0.5;
      });
      expect(clipped, `price ${fit.text} inside its card`).toBe(false);
    }
    expect(await sideways(phone, ZOOMED.width)).toBeNull();

    // A product page's Add to cart: in the window and reachable by a tap.
    await phone.goto("/product/family-grow-box-kit");
    expect(await onScreen(phone, 'main button:has-text("Add to cart")')).toMatchObject({
      inside: true,
      reached: true,
    });
    expect(await sideways(phone, ZOOMED.width)).toBeNull();

    // /subscribe signed out: the account is made in place, and its button is reachable.
    await phone.goto("/subscribe?plan=2m2&region=Auckland");
    expect(await onScreen(phone, 'main button:has-text("Create Account")')).toMatchObject({
      inside: true,
      reached: true,
    });
    expect(await sideways(phone, ZOOMED.width)).toBeNull();

    // Signed in, /subscribe's 'Start my subscription' is reachable too.
    await phone.setViewportSize({ width: 390, height: 844 });
    await signedInMember(phone, "zoomed");
    await phone.setViewportSize(ZOOMED);
    await phone.goto("/subscribe?plan=2m2&region=Auckland");
    expect(await onScreen(phone, 'main button:has-text("Start my subscription")')).toMatchObject({
      inside: true,
      reached: true,
    });
    expect(await sideways(phone, ZOOMED.width)).toBeNull();
    const menu = phone.getByRole("button", { name: "Open menu" });
    const box = await menu.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= ZOOMED.width, "menu, signed in").toBe(
      true,
    );
  } finally {
    await context.close();
  }
});

test("a plan card flipped by keyboard keeps focus on the card, at 200 % on a phone too", async ({
  page,
}) => {
  const { context, page: phone } = await zoomedPhone(page.context().browser()!);
  try {
    for (const p of [page, phone]) {
      await p.goto("/");
      const card = p.locator('[data-plan="1m2"]');
      const flip = p.getByRole("button", { name: "See what's included in the 1m² plan" });
      await flip.focus();
      // Space as well as Enter works a button.
      await p.keyboard.press("Space");
      await expect.poll(() => card.getAttribute("data-flipped")).toBe("true");
      await expect.poll(() => card.evaluate((c) => c.contains(document.activeElement))).toBe(true);
      expect(await p.evaluate(() => document.activeElement?.textContent)).toBe(
        "What's in the 1m² box",
      );
      // Tab stays on the card's back: Select This Plan, then Back to summary.
      await p.keyboard.press("Tab");
      expect(await card.evaluate((c) => c.contains(document.activeElement))).toBe(true);
      await p.keyboard.press("Tab");
      expect(await p.evaluate(() => document.activeElement?.textContent)).toBe("Back to summary");
      await p.keyboard.press("Enter");
      await expect.poll(() => card.getAttribute("data-flipped")).toBe("false");
      await expect
        .poll(() => p.evaluate(() => document.activeElement?.textContent))
        .toBe("See what's included in the 1m² plan");
    }
  } finally {
    await context.close();
  }
});
