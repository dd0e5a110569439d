// The learning half of the site: the education hub and its search, articles, monthly guides, the
// privacy policy and terms, planting layouts and the calendar export. Pages are read without
// JavaScript; search also filters as you type once scripts load.
import { readFileSync } from "node:fs";
import { axeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, expect, PHONE, test } from "./fixtures.ts";

const articles: [path: string, title: string][] = [
  ["/education/legacy", "The Patch philosophy"],
  ["/education/what-is-patch", "What is Patch?"],
  ["/education/slug-patrol", "Slug patrol: protecting your patch from slugs and snails"],
  ["/education/soil-testing", "Soil testing at home: how to read and fix your soil"],
  ["/education/strawberry-patch", "Strawberry patch: growing strawberries in your grow box"],
  ["/education/inside-the-box", "Inside the box: your first 48 hours"],
];

const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, body: await res.text() };
}

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

test("every education page answers 200 with its own content", async () => {
  for (const [path, title] of articles) {
    const { status, body } = await html(path);
    expect(status, path).toBe(200);
    expect(decode(body), path).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[?]/g, "\\?")}</h1>`));
    expect(body, path).toContain(`<link rel="canonical" href="${baseUrl()}${path}"`);
    expect(body, path).toContain('<meta property="og:type" content="article"');
    expect(body, path).toContain(
      `<meta property="og:image" content="${baseUrl()}/images/education/${path.split("/").pop()}.svg"`,
    );
    expect(body, path).toContain('class="prose-patch');
  }
  for (const id of months) {
    const { status, body } = await html(`/education/monthly/${id}`);
    expect(status, id).toBe(200);
    expect(body, id).toContain(`${id.charAt(0).toUpperCase()}${id.slice(1)} in the garden</h1>`);
    expect(body, id).toContain('id="what-to-sow-and-plant"');
  }
  for (const [path, heading] of [
    ["/education", "Learn to grow, a month at a time"],
    ["/education/layouts", "Planting layouts"],
    ["/calendar", "Your garden year, in your calendar"],
    ["/privacy", "Privacy policy"],
    ["/terms", "Terms of service"],
  ]) {
    const { status, body } = await html(path!);
    expect(status, path).toBe(200);
    expect(body, path).toContain(`>${heading}</h1>`);
  }
});

test("the hub lists every article and month, with this month in New Zealand marked", async ({
  page,
}) => {
  await page.goto("/education");
  for (const [path, title] of articles) {
    expect(await page.getByRole("link", { name: title }).getAttribute("href"), path).toBe(path);
  }
  const monthList = page.getByRole("heading", { name: "Month by month" }).locator("..");
  expect(await monthList.getByRole("listitem").count()).toBe(12);
  const nzMonth = new Intl.DateTimeFormat("en-NZ", {
    timeZone: "Pacific/Auckland",
    month: "long",
  }).format(new Date());
  const current = page.locator('a[aria-current="date"]');
  expect(await current.count()).toBe(1);
  expect(await current.getAttribute("href")).toBe(`/education/monthly/${nzMonth.toLowerCase()}`);
  expect(await current.innerText()).toContain("This month");
  expect(await page.getByRole("link", { name: "Planting layouts" }).getAttribute("href")).toBe(
    "/education/layouts",
  );
  expect(await page.getByRole("link", { name: "Planting calendar" }).getAttribute("href")).toBe(
    "/calendar",
  );
});

test("a monthly guide by id, and the dated issues with their year", async ({ page }) => {
  await page.goto("/education/monthly/march");
  await page.getByRole("heading", { level: 1, name: "March in the garden" }).waitFor();
  const months = page.getByRole("navigation", { name: "Other months" });
  expect(
    await months.getByRole("link", { name: /February in the garden/ }).getAttribute("href"),
  ).toBe("/education/monthly/february");
  expect(await months.getByRole("link", { name: /April in the garden/ }).getAttribute("href")).toBe(
    "/education/monthly/april",
  );
  // Each climate zone names its regions.
  await page.getByText("Northland, Auckland, Bay of Plenty, Gisborne").waitFor();

  await page.goto("/education/june-2024");
  await page.getByRole("heading", { level: 1, name: "June 2024 guide" }).waitFor();
  expect(await page.title()).toBe("June 2024 guide | Patch");
  await page.getByRole("heading", { name: "Tasks this month" }).waitFor();

  await page.goto("/education/august-2025");
  await page.getByRole("heading", { level: 1, name: "August 2025 guide" }).waitFor();
  await page.getByRole("heading", { name: "What to sow and plant" }).waitFor();
});

test("an unknown monthly guide is a 404 with the not-found page", async ({ page }) => {
  const { status, body } = await html("/education/monthly/smarch");
  expect(status).toBe(404);
  expect(decode(body)).toContain("We couldn't find that page");
  const res = await page.goto("/education/monthly/smarch");
  expect(res?.status()).toBe(404);
  await page.getByRole("heading", { name: "We couldn't find that page" }).waitFor();
});

test("an unknown education page is a 404 with the not-found page", async () => {
  const { status, body } = await html("/education/no-such-article");
  expect(status).toBe(404);
  expect(decode(body)).toContain("We couldn't find that page");
});

test("search works without JavaScript: a plain form answered by the server", async ({
  noScriptPage: page,
}) => {
  await page.goto("/education");
  await page.getByLabel("Search the guides").fill("slugs");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${baseUrl()}/education?q=slugs`);
  await page.getByText(/guides? match(es)? “slugs”/).waitFor();
  const results = page.getByRole("heading", { name: "Search results" }).locator("..");
  expect(await results.getByRole("link").first().innerText()).toBe(
    "Slug patrol: protecting your patch from slugs and snails",
  );
  // Browsing sections give way to the results.
  expect(await page.getByRole("heading", { name: "Month by month" }).count()).toBe(0);

  await page.goto("/education?q=xylophone");
  await page.getByRole("heading", { name: "No guides match “xylophone”" }).waitFor();
  await page.getByRole("link", { name: "Show all guides" }).click();
  await page.waitForURL(`${baseUrl()}/education`);
  await page.getByRole("heading", { name: "Month by month" }).waitFor();
});

test("with JavaScript, search filters as you type, without reloading the page", async ({
  page,
}) => {
  await page.goto("/education");
  const box = page.getByLabel("Search the guides");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await box.pressSequentially("garlic", { delay: 30 });
  await page.waitForURL(`${baseUrl()}/education?q=garlic`);
  const status = page.locator("#guide-search-status");
  await status.getByText("match “garlic”").waitFor();
  expect(await page.getByRole("heading", { name: "Month by month" }).count()).toBe(0);
  // The first search was a step in history: Back is the full hub again, Forward the results.
  await page.goBack();
  await page.waitForURL(`${baseUrl()}/education`);
  await page.getByRole("heading", { name: "Month by month" }).waitFor();
  await page.goForward();
  await page.waitForURL(`${baseUrl()}/education?q=garlic`);
  await status.getByText("match “garlic”").waitFor();
  await box.fill("garlic matariki");
  await expect.poll(() => status.innerText()).toBe("1 guide matches “garlic matariki”.");
  await box.fill("qqqq");
  await page.getByRole("heading", { name: "No guides match “qqqq”" }).waitFor();
  await box.fill("");
  await page.waitForURL(`${baseUrl()}/education`);
  await page.getByRole("heading", { name: "Month by month" }).waitFor();
  // The same document all along: no full page load happened.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
});

test("a visit to the hub from one of React Router's pages searches in the app as you type", async ({
  page,
}) => {
  await page.goto("/checkout");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Education" })
    .click();
  await page.waitForURL(`${baseUrl()}/education`);
  await page.getByLabel("Search the guides").pressSequentially("slugs", { delay: 30 });
  await page.waitForURL(`${baseUrl()}/education?q=slugs`);
  await page
    .locator("#guide-search-status")
    .getByText(/match(es)? “slugs”/)
    .waitFor();
  expect(await page.getByRole("heading", { name: "Month by month" }).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the hub's search works before and after hydration, at ${viewport.width} px`, async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    // The page's JavaScript waits until let through: painted, not hydrated.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/education", { waitUntil: "domcontentloaded" });
    // Before hydration the search is a GET form that the server answers.
    const box = page.getByLabel("Search the guides");
    await box.fill("slugs");
    await box.press("Enter");
    // The answer's scripts are held too: its load event does not come until they are let through.
    await page.waitForURL(`${baseUrl()}/education?q=slugs`, { waitUntil: "commit" });
    const status = page.locator("#guide-search-status");
    await status.getByText(/match(es)? “slugs”/).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.getByRole("heading", { name: "Month by month" }).count()).toBe(0);
    // Once hydrated it follows the typing in the same document.
    release();
    await page.waitForSelector("html[data-hydrated]");
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await box.fill("frost");
    await page.waitForURL(`${baseUrl()}/education?q=frost`);
    await status.getByText(/match(es)? “frost”/).waitFor();
    const first = page.getByRole("heading", { name: "Search results" }).locator("..");
    // Its results are links to the guides.
    expect(await first.getByRole("link").first().getAttribute("href")).toMatch(/^\/education\//);
    await box.fill("");
    await page.getByRole("heading", { name: "Month by month" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await box.fill("garlic");
    await status.getByText(/match(es)? “garlic”/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("privacy and terms show the contact details from the settings, with contents", async ({
  page,
}) => {
  for (const path of ["/privacy", "/terms"]) {
    const { body } = await html(path);
    expect(body, path).not.toContain("{email}");
    expect(body, path).not.toContain("{phone}");
    await page.goto(path);
    const prose = page.locator(".prose-patch");
    expect(await prose.locator('a[href="mailto:hello@patch.nz"]').count(), path).toBeGreaterThan(0);
    expect(await prose.locator('a[href="tel:+6495550142"]').count(), path).toBeGreaterThan(0);
    await prose.getByText("hello@patch.nz").first().waitFor();
    const contents = page.getByRole("navigation", { name: "On this page" });
    await contents.getByRole("link", { name: "Who we are" }).click();
    expect(page.url()).toBe(`${baseUrl()}${path}#who-we-are`);
  }
});

test("the calendar page makes a feed to subscribe to or download", async ({ page }) => {
  await page.goto("/calendar");
  await page.getByLabel("Region").selectOption("Canterbury");
  await page.getByLabel(/^2m²/).check();
  await page.getByRole("button", { name: "Make my calendar" }).click();
  await page.waitForURL(/\/calendar\?region=Canterbury&plan=2m2$/);
  await page.getByRole("heading", { name: "Your calendar: Canterbury, 2m² box" }).waitFor();
  await page.getByText(/cool south and inland climate zone/).waitFor();

  const subscribe = page.getByRole("link", { name: "Subscribe in your calendar app" });
  const host = new URL(baseUrl()).host;
  expect(await subscribe.getAttribute("href")).toBe(
    `webcal://${host}/calendar.ics?region=Canterbury&plan=2m2`,
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the .ics file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("patch-planting-calendar-canterbury-2m2.ics");
  const ics = readFileSync((await download.path())!, "utf8");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Pacific/Auckland");
  expect(ics).toMatch(/DTSTART;TZID=Pacific\/Auckland:\d{8}T090000/);
  expect(ics).toContain("BEGIN:VALARM");
  expect(ics.replace(/\r\n /g, "")).toContain("cool south and inland zone");
  expect(await page.getByRole("heading", { name: "Coming up" }).locator("+ ol li").count()).toBe(6);
});

test("the .ics feed is text/calendar, and explains a bad request", async () => {
  const res = await fetch(`${baseUrl()}/calendar.ics?region=Auckland&plan=1m2`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("content-disposition")).toBe(
    'inline; filename="patch-planting-calendar-auckland-1m2.ics"',
  );
  const body = await res.text();
  expect(body.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThan(45);
  const download = await fetch(`${baseUrl()}/calendar.ics?region=Auckland&plan=1m2&download=1`);
  expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);

  const bad = await fetch(`${baseUrl()}/calendar.ics?region=Atlantis&plan=1m2`);
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Choose your region from the list.");
});

test("the calendar form works without JavaScript and says what to fix", async ({
  noScriptPage: page,
}) => {
  await page.goto("/calendar?region=&plan=1m2");
  // Said in the error summary and at the field (issue 39): the summary's copy is enough here.
  await page.getByTestId("error-summary").getByText("Choose your region from the list.").waitFor();
  expect(await page.getByLabel("Region").getAttribute("aria-invalid")).toBe("true");
  await page.getByLabel("Region").selectOption("Nelson");
  await page.getByRole("button", { name: "Make my calendar" }).click();
  await page.getByRole("heading", { name: "Your calendar: Nelson, 1m² box" }).waitFor();
});

test("planting layouts: a grid per plan and season, printed one A4 page per plan", async ({
  page,
}) => {
  await page.goto("/education/layouts");
  for (const size of ["0.5m²", "1m²", "2m²"]) {
    await page.getByRole("heading", { level: 2, name: `The ${size} box` }).waitFor();
  }
  expect(await page.locator("table").count()).toBe(6);
  const firstGrid = page.locator("table").first();
  expect(await firstGrid.locator("th[scope=col]").allInnerTexts()).toEqual([
    "NORTH SIDE",
    "SOUTH SIDE",
  ]);
  expect(await firstGrid.locator("td").count()).toBe(6);
  expect(await page.locator("table").nth(5).locator("td").count()).toBe(18);
  await page.getByText("Mint, kept in a pot").waitFor();

  await page.emulateMedia({ media: "print" });
  expect(await page.locator("body > header").isVisible()).toBe(false);
  expect(await page.getByRole("contentinfo").isVisible()).toBe(false);
  expect(
    await page
      .locator(".layout-plan")
      .nth(1)
      .evaluate((el) => getComputedStyle(el).breakBefore),
  ).toBe("page");
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(3);
});

test("the new pages are in the sitemap", async () => {
  const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  for (const path of ["/education/layouts", "/calendar", "/education/monthly/december"]) {
    expect(sitemap).toContain(`<loc>${baseUrl()}${path}</loc>`);
  }
});

const axePages = [
  "/education",
  "/education/strawberry-patch",
  "/education/monthly/june",
  "/education/layouts",
  "/calendar?region=Auckland&plan=1m2",
  "/privacy",
];
for (const viewport of [PHONE, DESKTOP]) {
  test(`axe finds no violations on the learning pages at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of axePages) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
