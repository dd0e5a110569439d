// The home page (SPEC §2 "Home page", issue 3): hero and its video fallback, How It Works, the call
// to action, the plan picker's flip rules, SEO and accessibility.
import { axeViolations } from "./axe.ts";
import { animationsDone, baseUrl, DESKTOP, expect, PHONE, test } from "./fixtures.ts";

test("the hero has the spec's texts, buttons and tags", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Garden supplies delivered" }).waitFor();
  await page.getByText("We organise. You learn.").waitFor();
  const shop = page.getByRole("link", { name: "Shop (opens in a new tab)" });
  expect(await shop.getAttribute("href")).toBe(`${baseUrl()}/products`);
  expect(await shop.getAttribute("target")).toBe("_blank");
  expect(await shop.getAttribute("rel")).toContain("noopener");
  const tags = await page
    .getByRole("list", { name: "What you get" })
    .getByRole("listitem")
    .allInnerTexts();
  expect(tags).toEqual(["Plants", "Soil", "Personalized Tips", "Delivery"]);
});

test("the poster is preloaded and painted; the video is added only after load", async ({
  page,
}) => {
  const res = await fetch(baseUrl() + "/");
  const html = await res.text();
  const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  const portrait = preloads.find((l) => l.includes("hero-portrait-480.avif"));
  expect(portrait).toContain('fetchPriority="high"');
  expect(portrait).toContain('media="(orientation: portrait)"');
  expect(
    preloads.some((l) => l.includes("hero-1280.avif") && l.includes("(orientation: landscape)")),
  ).toBe(true);
  // The poster's preload comes before the stylesheet and the scripts.
  expect(html.indexOf("hero-portrait-480.avif")).toBeLessThan(html.indexOf('rel="stylesheet"'));
  expect(html.indexOf("hero-portrait-480.avif")).toBeLessThan(html.indexOf('rel="modulepreload"'));
  expect(html).not.toContain("<video");
  await page.goto("/");
  const poster = page.locator("section[data-video-state] img").first();
  expect(await poster.getAttribute("fetchpriority")).toBe("high");
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test("after load the looping, muted, inline video fades in over the poster", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator("section[data-video-state]");
  await expect
    .poll(() => hero.getAttribute("data-video-state"), { timeout: 15_000 })
    .toBe("playing");
  const video = hero.locator("video");
  expect(
    await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline, v.paused]),
  ).toEqual([true, true, true, false]);
  expect(await video.getAttribute("aria-hidden")).toBe("true");
});

test("when the video fails, the gradient and poster stay and the failure is logged", async ({
  page,
  consoleErrors,
}) => {
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning") warnings.push(m.text());
  });
  await page.route("**/media/hero-loop.*", (route) => route.abort());
  await page.goto("/");
  const hero = page.locator("section[data-video-state]");
  await expect.poll(() => hero.getAttribute("data-video-state")).toBe("failed");
  expect(await page.locator("section[data-video-state] video").count()).toBe(0);
  expect(await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
    "linear-gradient",
  );
  expect(await page.locator("section[data-video-state] img").first().isVisible()).toBe(true);
  expect(warnings.some((w) => w.includes("Hero video failed"))).toBe(true);
  // The aborted video requests are the failure this test causes on purpose.
  const expected = consoleErrors.filter((m) => m.includes("net::ERR_FAILED"));
  expect(expected.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !expected.includes(m)),
  );
});

test("with reduced motion the video never starts", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  expect(await page.locator("section[data-video-state]").getAttribute("data-video-state")).toBe(
    "waiting",
  );
});

test("Learn More scrolls to How It Works", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Learn More" }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.round(document.getElementById("how-it-works")!.getBoundingClientRect().top),
      ),
    )
    .toBeLessThan(80);
  expect(page.url()).toContain("#how-it-works");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.getByRole("link", { name: "Learn More" }).click();
  // Instant: already there on the next frame.
  const top = await page.evaluate(() =>
    Math.round(document.getElementById("how-it-works")!.getBoundingClientRect().top),
  );
  expect(top).toBeLessThan(80);
});

test("How It Works shows the plan block first, the overridden headings, alternating sides", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.locator("#how-it-works");
  const headings = await section.locator("h3").allInnerTexts();
  expect(headings).toEqual([
    "Choose your plan",
    "Your supplies arrive",
    "Guided growing",
    "Year-round support",
    "Year-round growing",
  ]);
  const firstImg = section.locator("li").first().locator("img");
  expect(await firstImg.getAttribute("loading")).toBe("lazy");
  expect(await firstImg.getAttribute("width")).toBe("800");
  expect(await section.locator('[data-block="guided-growing"] img').getAttribute("src")).toContain(
    "guided-growing",
  );
});

test("the call to action leads to /product", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("heading", { name: "30 minutes a week and a patch of dirt. That's all you need." })
    .waitFor();
  await page.getByRole("link", { name: "Start Your Garden Today" }).click();
  await page.waitForURL(baseUrl() + "/product");
});

test("plan cards: 1m2 selected first, one flipped at a time, clicking the flipped card unflips", async ({
  page,
}) => {
  await page.goto("/");
  const card = (id: string) => page.locator(`[data-plan="${id}"]`);
  await page.getByRole("heading", { name: "Grab a Box" }).waitFor();
  expect(await card("1m2").getAttribute("data-selected")).toBe("true");
  expect(await card("1m2").getByText("Most Popular", { exact: true }).count()).toBe(1);
  expect(await page.getByText("Most Popular", { exact: true }).count()).toBe(1);
  for (const id of ["0.5m2", "1m2", "2m2"])
    expect(await card(id).getAttribute("data-flipped")).toBe("false");
  await page.getByText("Free Shipping on subscriptions").waitFor();

  await card("0.5m2").click({ position: { x: 40, y: 40 } });
  expect(await card("0.5m2").getAttribute("data-selected")).toBe("true");
  expect(await card("0.5m2").getAttribute("data-flipped")).toBe("true");
  expect(await card("1m2").getAttribute("data-selected")).toBe("false");

  await card("2m2").click({ position: { x: 40, y: 40 } });
  expect(await card("0.5m2").getAttribute("data-flipped")).toBe("false");
  expect(await card("2m2").getAttribute("data-flipped")).toBe("true");

  await card("2m2").click({ position: { x: 40, y: 40 } });
  expect(await card("2m2").getAttribute("data-flipped")).toBe("false");
  expect(await card("2m2").getAttribute("data-selected")).toBe("true");
  // The flip takes 0.6 s.
  expect(
    await card("2m2")
      .locator(".plan-card-inner")
      .evaluate((el) => getComputedStyle(el).transitionDuration),
  ).toBe("0.6s");
});

test("each card's back lists 4 plants then '+ N more varieties'", async ({ page }) => {
  await page.goto("/");
  for (const [id, more] of [
    ["0.5m2", 3],
    ["1m2", 11],
    ["2m2", 26],
  ] as const) {
    const card = page.locator(`[data-plan="${id}"]`);
    await card.click({ position: { x: 40, y: 40 } });
    const back = card.locator(".plan-card-back");
    await back.getByText(`+ ${more} more varieties`).waitFor();
    expect(await back.locator("ul").first().locator("li").count()).toBe(5);
  }
});

test("Select This Plan carries the chosen plan to /waitlist", async ({ page }) => {
  await page.goto("/");
  const card = page.locator('[data-plan="2m2"]');
  await card.click({ position: { x: 40, y: 40 } });
  await card.getByRole("link", { name: "Select This Plan (2m²)" }).click();
  await page.waitForURL(`${baseUrl()}/waitlist?plan=2m2`);
});

test("cards work from the keyboard and announce their state", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "See what's included in the 0.5m² plan" });
  await button.focus();
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  await page.keyboard.press("Enter");
  const card = page.locator('[data-plan="0.5m2"]');
  expect(await card.getAttribute("data-flipped")).toBe("true");
  await page
    .getByText("0.5m² plan selected: showing what's included.")
    .waitFor({ state: "attached" });
  // The front is now inert, and focus stays on the card: on the back's heading (issue 39), so
  // Tab moves on to Select This Plan.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe("What's in the 0.5m² box");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
    "Select This Plan",
  );
  // Back to the summary: focus returns to the button that flipped it.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  expect(await card.getAttribute("data-flipped")).toBe("false");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe("See what's included in the 0.5m² plan");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${baseUrl()}/waitlist?plan=0.5m2`);
});

test("the page is findable and shareable", async () => {
  const html = await (await fetch(baseUrl() + "/")).text();
  expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/"`);
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/images\/home\/og-image\.jpg"/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
  const json = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
  const data = JSON.parse(json ?? "{}");
  const org = data["@graph"].find((n: { "@type": string }) => n["@type"] === "Organization");
  expect(org.name).toBe("Patch");
  const product = data["@graph"].find((n: { "@type": string }) => n["@type"] === "Product");
  expect(product.offers.map((o: { price: string }) => o.price)).toEqual([
    "29.99",
    "39.99",
    "69.99",
  ]);

  const robots = await (await fetch(baseUrl() + "/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /post-checkout");
  // /checkout is indexable (ADR 057): neither robots.txt nor the page itself keeps crawlers out.
  expect(robots.split("\n")).not.toContain("Disallow: /checkout");
  expect(await (await fetch(baseUrl() + "/checkout")).text()).not.toContain('name="robots"');
  // So is /subscribe, the plans and the sign-up card; its confirmation page is not.
  expect(robots.split("\n")).not.toContain("Disallow: /subscribe");
  expect(robots).toContain("Disallow: /subscribe/");
  expect(await (await fetch(baseUrl() + "/subscribe?plan=1m2")).text()).not.toContain(
    'name="robots"',
  );
  const sitemap = await (await fetch(baseUrl() + "/sitemap.xml")).text();
  for (const path of [
    "/",
    "/products",
    "/education/slug-patrol",
    "/education/monthly/june",
    "/privacy",
    "/terms",
    "/product/family-grow-box-kit",
  ]) {
    expect(sitemap).toContain(`<loc>${baseUrl()}${path}</loc>`);
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`axe finds no violations on / at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Let the hero settle (video playing or not) so nothing is mid-fade while axe measures.
    await expect
      .poll(() => page.locator("section[data-video-state]").getAttribute("data-video-state"))
      .not.toBe("loading");
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the home page is React Router's, hydrated by React DOM: its links move inside the app", async ({
  page,
}) => {
  await page.goto("/");
  const html = await page.content();
  expect(html).toContain("__reactRouterContext");
  expect(html).not.toContain("data-island");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("button", { name: /^Cart/ }).click();
  await page.getByRole("dialog", { name: /^Your Cart/ }).waitFor();
  await page.keyboard.press("Escape");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Education" })
    .click();
  await page.waitForURL(baseUrl() + "/education");
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a visit to the home page from another page renders it in the app, all of it working", async ({
  page,
}) => {
  await page.goto("/checkout");
  // A mark on this window: a client-side navigation keeps it, a new document would not.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await page.waitForURL(baseUrl() + "/");
  await page.getByRole("heading", { level: 1, name: "Garden supplies delivered" }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const card = page.locator('[data-plan="0.5m2"]');
  await card.getByRole("button", { name: /See what's included/ }).click();
  await expect.poll(() => card.getAttribute("data-flipped")).toBe("true");
});
