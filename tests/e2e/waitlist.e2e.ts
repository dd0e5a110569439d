// The waitlist as a person uses it (issue 4): form states and messages, the panel, the form without
// JavaScript, offline keeping and retry, the survey, and the links in the confirmation e-mail.
import { asVisitor, baseUrl, expect, PHONE, test } from "./fixtures.ts";
import { JOIN_LIMIT } from "#app/modules/waitlist/join-waitlist.server.ts";
import { MESSAGES } from "#app/modules/waitlist/waitlist-messages.ts";
import { linkFrom, mailTo } from "./mail.ts";

let n = 0;
const email = (tag: string) => `${tag}.${Date.now()}.${++n}@example.nz`;

test("validation messages, then 'Joining...', the toast and the 'You're In!' panel", async ({
  page,
}) => {
  await page.goto("/");
  const form = page.locator("#waitlist form");
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  // Each message in the error summary at the form's top and at its field (issue 39).
  const summary = form.getByTestId("error-summary");
  await summary.getByText("Please enter a valid email address").waitFor();
  await summary.getByText("Please select your region in New Zealand").waitFor();
  await form
    .locator('[id$="-email-error"]')
    .getByText("Please enter a valid email address")
    .waitFor();
  await form
    .locator('[id$="-region-error"]')
    .getByText("Please select your region in New Zealand")
    .waitFor();
  expect(await form.getByLabel("Email").getAttribute("placeholder")).toBe("hello@patch.nz");
  expect(await form.getByLabel("Region").locator("option").first().textContent()).toBe(
    "Select your region",
  );
  expect(await form.getByLabel("Region").locator("option").count()).toBe(17);

  const address = email("home");
  await form.getByLabel("Email").fill(address);
  await form.getByLabel("Region").selectOption("Canterbury");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/waitlist", async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  const joining = page.getByRole("button", { name: "Joining..." });
  await joining.waitFor();
  expect(await joining.isDisabled()).toBe(true);
  release();
  const panel = page.getByTestId("joined-panel");
  await panel.getByRole("heading", { name: "You're In!" }).waitFor();
  await panel.getByText("We'll notify you when the product launches in your area.").waitFor();
  await page
    .getByText("You've been added to our waitlist! Check your email for confirmation.")
    .first()
    .waitFor();
  // The join answered before the e-mail went (ADR 066): the panel says it is on its way.
  await panel.getByText("Your confirmation e-mail is on its way.", { exact: false }).waitFor();
  expect(await panel.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.5s");
  const survey = panel.getByRole("link", { name: "Complete Survey (opens in a new tab)" });
  expect(await survey.getAttribute("target")).toBe("_blank");
  expect(await survey.getAttribute("href")).toMatch(new RegExp(`^${baseUrl()}/define-garden\\?t=`));
  await panel.getByText("Tell us about your space for custom recommendations").waitFor();
  const mail = await mailTo(address);
  expect(mail.text).toContain("Canterbury");
});

test("Skip for now scrolls to the top and goes home", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/waitlist");
  await page.getByLabel("Email").fill(email("skip"));
  await page.getByLabel("Region").selectOption("Otago");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  const skip = page.getByRole("link", { name: "Skip for now" });
  await skip.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // The positions the page passed through, and where it was when it moved on to /: what this one
  // saw is kept in sessionStorage as it goes (it outlives a document), and a client-side move is
  // caught too.
  const start = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => {
    const passed: number[] = [];
    const keep = (key: string, value: unknown) =>
      sessionStorage.setItem(key, JSON.stringify(value));
    addEventListener("scroll", () => {
      passed.push(window.scrollY);
      keep("passed", passed);
    });
    addEventListener("pagehide", () => keep("yAtNavigation", window.scrollY));
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      keep("yAtNavigation", window.scrollY);
      push(...args);
    };
  });
  await skip.click();
  await page.waitForURL(baseUrl() + "/");
  const { passed, yAtNavigation } = await page.evaluate(() => ({
    passed: JSON.parse(sessionStorage.getItem("passed") ?? "[]") as number[],
    yAtNavigation: JSON.parse(sessionStorage.getItem("yAtNavigation") ?? "null") as number | null,
  }));
  expect(yAtNavigation).toBe(0);
  // Smoothly: through positions between where it was and the top, not in one jump.
  expect(passed.filter((y) => y > 0 && y < start).length).toBeGreaterThan(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("Skip for now goes home on the panel of a post without JavaScript", async ({
  noScriptPage: page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/waitlist");
  await page.getByLabel("Email").fill(email("skip-nojs"));
  await page.getByLabel("Region").selectOption("Southland");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page.getByRole("heading", { name: "You're In!" }).waitFor();
  await page.getByRole("link", { name: "Skip for now" }).click();
  await page.waitForURL(baseUrl() + "/");
  await page.getByRole("heading", { name: "Garden supplies delivered" }).waitFor();
});

test("server failures show the spec's messages and the form works again", async ({ page }) => {
  await page.goto("/waitlist");
  await page.getByLabel("Email").fill(email("fail"));
  await page.getByLabel("Region").selectOption("Waikato");
  await page.route("**/api/waitlist", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      headers: { "Retry-After": "5" },
      body: JSON.stringify({ ok: false }),
    }),
  );
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page
    .getByRole("alert")
    .getByText("Failed to save your information. Please try again later.")
    .waitFor();
  await page.unroute("**/api/waitlist");
  await page.route("**/api/waitlist", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page
    .getByRole("alert")
    .getByText("There was an error adding you to the waitlist")
    .waitFor();
  expect(await page.getByRole("button", { name: "Join Waitlist" }).isEnabled()).toBe(true);
});

test("offline: the entry is kept, retried 3 times from 1 s to 30 s apart, then sent when the connection is back", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/waitlist");
  // From here the page's timers run only when the test moves its clock on.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 5_000);
  const address = email("offline");
  await page.getByLabel("Email").fill(address);
  await page.getByLabel("Region").selectOption("Nelson");
  let attempts = 0;
  let reachable = false;
  await page.route("**/api/waitlist", async (route) => {
    attempts++;
    if (reachable) await route.continue();
    else await route.abort("internetdisconnected");
  });
  const seen = (n: number) => expect.poll(() => attempts).toBe(n);
  const pending = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem("contacts") ?? "[]")[0]?.pending);

  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page.getByRole("alert").getByText("You seem to be offline.", { exact: false }).waitFor();
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("contacts") ?? "[]"));
  expect(kept).toMatchObject([
    { email: address, address: { state: "Nelson" }, source: "waitlist_page", pending: true },
  ]);
  await seen(1);
  // Retries after 1 s, 5.5 s more and 30 s more; nothing in between.
  for (const delay of [1_000, 5_500, 30_000]) {
    const before = attempts;
    await page.clock.runFor(delay - 100);
    await page.waitForTimeout(100);
    expect(attempts).toBe(before);
    await page.clock.runFor(100);
    await seen(before + 1);
  }
  await page
    .getByRole("alert")
    .getByText("We still couldn't reach Patch.", { exact: false })
    .waitFor();
  // After the 3 retries it waits for the connection, a visit or the tab being shown again.
  await page.clock.runFor(120_000);
  await page.waitForTimeout(200);
  expect(attempts).toBe(1 + 3);
  expect(await pending()).toBe(true);

  reachable = true;
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await seen(1 + 3 + 1);
  await page.getByTestId("joined-panel").getByRole("heading", { name: "You're In!" }).waitFor();
  await page
    .getByText("You've been added to our waitlist! Check your email for confirmation.")
    .first()
    .waitFor();
  await mailTo(address, 15_000);
  expect(await pending()).toBe(false);
  // The aborted request is the failure this test causes on purpose.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !m.includes("net::ERR_INTERNET_DISCONNECTED")),
  );
});

test("behind a busy shared address the browser does a quick check and the person joins; without JavaScript they're told what to do", async ({
  page,
  context,
  noScriptPage,
}) => {
  // As many sign-ups from this visitor's address as pass with nothing asked: a school or a mobile
  // network's shared address (the context sends the test's own X-Forwarded-For).
  for (let start = 0; start < JOIN_LIMIT.free; start += 20) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        context.request.post("/api/waitlist", {
          headers: { origin: baseUrl() },
          data: { email: email("school"), region: "Nelson" },
        }),
      ),
    );
    for (const res of answers) expect(res.status()).toBe(201);
  }

  // Without JavaScript there is no check to do: the person is told, and the form stays usable.
  await noScriptPage.goto("/waitlist");
  await noScriptPage.getByLabel("Email").fill(email("nojs-busy"));
  await noScriptPage.getByLabel("Region").selectOption("Nelson");
  await noScriptPage.getByRole("button", { name: "Join Waitlist" }).click();
  await noScriptPage.getByRole("alert").getByText(MESSAGES.checkNeeded).waitFor();
  expect(await noScriptPage.getByRole("button", { name: "Join Waitlist" }).isEnabled()).toBe(true);
  expect(await noScriptPage.getByTestId("joined-panel").count()).toBe(0);

  // With it, the browser answers the check by itself and the person joins as anyone would.
  const address = email("busy");
  await page.goto("/waitlist");
  await page.getByLabel("Email").fill(address);
  await page.getByLabel("Region").selectOption("Nelson");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page.getByTestId("joined-panel").getByRole("heading", { name: "You're In!" }).waitFor();
  expect((await mailTo(address)).subject).toBe("Confirm you're on the Patch waitlist");
});

test("the hidden field scripts fill is kept from people and screen readers; filling it looks like joining", async ({
  page,
  context,
}) => {
  await page.goto("/waitlist");
  const honeypot = page.locator('input[name="website"]');
  expect(await honeypot.count()).toBe(1);
  expect(await honeypot.isVisible()).toBe(false);
  // Out of the accessibility tree: no role query finds it.
  expect(await page.getByRole("textbox", { name: "Website" }).count()).toBe(0);

  // A script posting the form with it filled is told it joined, and is given nothing else.
  const res = await context.request.post("/waitlist", {
    headers: { origin: baseUrl() },
    form: { email: email("bot"), region: "Otago", website: "https://spam.example", page: "/" },
  });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-testid="joined-panel"');
  expect(html).not.toContain("define-garden?t=");
});

test("the form works without JavaScript and shows the chosen plan", async ({
  noScriptPage: page,
}) => {
  await page.goto("/waitlist?plan=2m2");
  await page.getByTestId("chosen-plan").getByText("2m²").first().waitFor();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page.getByTestId("error-summary").getByText("Please enter a valid email address").waitFor();
  await page
    .locator("#waitlist-email-error")
    .getByText("Please enter a valid email address")
    .waitFor();
  const address = email("nojs");
  await page.getByLabel("Email").fill(address);
  await page.getByLabel("Region").selectOption("Auckland");
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page.getByRole("heading", { name: "You're In!" }).waitFor();
  await page
    .getByText("You've been added to our waitlist! Check your email for confirmation.")
    .waitFor();
  await mailTo(address);
});

test("confirm and unsubscribe links from the e-mail work without signing in", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const address = email("links");
  const res = await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: JSON.stringify({ email: address, region: "Wellington" }),
  });
  expect(res.status).toBe(201);
  const mail = await mailTo(address);
  expect(mail.subject).toBe("Confirm you're on the Patch waitlist");
  const confirmLink = linkFrom(mail, "/waitlist/confirm?token=");
  // A mail scanner opening the link (twice, say) confirms nobody: the page still asks.
  for (let i = 0; i < 2; i++) expect((await fetch(confirmLink)).status).toBe(200);
  await page.goto(confirmLink);
  await page.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
  await page.getByText(address).waitFor();
  await page.reload();
  await page.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
  // While the server answers, the button says so. (The browser answers no test command while a
  // form's post is on its way, so the page reports what its button shows from a script of its
  // own, and the post is held until it has.)
  let shown = "";
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.exposeFunction("buttonShows", (label: string) => {
    shown = label;
    release();
  });
  await page.addInitScript(() => {
    addEventListener("DOMContentLoaded", () => {
      const button = document.querySelector<HTMLButtonElement>("button[data-pending]");
      if (!button) return;
      const seen = new MutationObserver(() => {
        if (!button.getAttribute("aria-busy")) return;
        seen.disconnect();
        (window as unknown as { buttonShows(l: string): void }).buttonShows(
          `${button.textContent} busy=${button.getAttribute("aria-busy")}`,
        );
      });
      seen.observe(button, { attributes: true, childList: true, subtree: true });
    });
  });
  await page.route(
    (url) => url.pathname === "/waitlist/confirm",
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await page.reload();
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await page.getByRole("heading", { name: "You're confirmed" }).waitFor();
  expect(shown).toBe("Confirming... busy=true");
  await page.unrouteAll();
  // Opening the link again shows the confirmed state, and the survey link saves to this contact.
  await page.goto(confirmLink);
  await page.getByRole("heading", { name: "You're confirmed" }).waitFor();
  const survey = page.getByRole("link", { name: "Tell us about your space" });
  expect(await survey.getAttribute("href")).toMatch(new RegExp(`^${baseUrl()}/define-garden\\?t=`));
  await survey.click();
  await page.getByText("and save your answers to your waitlist entry").waitFor();
  await page.goto(linkFrom(mail, "/unsubscribe?token="));
  await page.getByRole("heading", { name: `Unsubscribe ${address}?` }).waitFor();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
  await page.goto(linkFrom(mail, "/unsubscribe?token=") + "tampered");
  await page.getByRole("heading", { name: "That link didn't work" }).waitFor();
});

test("the confirm button works without JavaScript", async ({ noScriptPage: page }) => {
  const address = email("nojs-confirm");
  await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: JSON.stringify({ email: address, region: "Nelson" }),
  });
  await page.goto(linkFrom(await mailTo(address), "/waitlist/confirm?token="));
  await page.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await page.getByRole("heading", { name: "You're confirmed" }).waitFor();
  await page.getByText(`${address} is on the waitlist for Nelson`).waitFor();
  await page.goto("/waitlist/confirm?token=forged.token");
  await page.getByRole("heading", { name: "That link didn't work" }).waitFor();
});

test("the survey from the e-mail is saved and recommends the plan that fits, and why", async ({
  page,
}) => {
  const address = email("survey");
  await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: JSON.stringify({ email: address, region: "Hawke's Bay" }),
  });
  const mail = await mailTo(address);
  await page.goto(linkFrom(mail, "/define-garden?t="));
  await page.getByRole("heading", { name: "Tell us about your space" }).waitFor();
  await page.getByRole("button", { name: "See my recommendation" }).click();
  await page
    .getByTestId("error-summary")
    .getByText("Please choose the kind of space you have")
    .waitFor();
  await page.getByLabel("Backyard bed").check();
  await page.getByLabel("Roughly how big is it, in square metres?").fill("4");
  await page.getByLabel("More than 6 hours").check();
  await page.getByLabel("Confident gardener").check();
  await page.getByLabel("Two hours or more").check();
  await page.getByLabel("Tomatoes and summer crops").check();
  await page.getByRole("button", { name: "See my recommendation" }).click();
  await page.waitForURL(/\/survey-complete\?/);
  await page.getByRole("heading", { name: "The 2m² box fits your space" }).waitFor();
  await page.getByText("We've saved your answers to your waitlist entry.").waitFor();
  await page.getByText("Six or more hours of sun is ideal", { exact: false }).waitFor();
  expect(await page.getByTestId("recommended-plan").getAttribute("data-plan")).toBe("2m2");
  // The result's address carries the answers, not the words shown.
  expect(new URL(page.url()).searchParams.getAll("why")).toEqual([]);
});

test("a crafted /survey-complete link can't put its own words on the page", async ({ page }) => {
  const injected = "<script>window.pwned=1</script>";
  const words = "Patch says: send your card number to evil@example.com";
  const crafted = new URLSearchParams({ plan: "2m2", saved: "1" });
  crafted.append("why", injected);
  crafted.append("why", words);
  await page.goto(`/survey-complete?${crafted}`);
  await page.getByRole("heading", { name: "Thanks for telling us about your space" }).waitFor();

  // With genuine answers the recommendation is ours, and still none of the added words show.
  const answered = new URLSearchParams({
    kind: "Courtyard",
    sizeM2: "1.5",
    sunHours: "Less than 3 hours",
    experience: "Grown a few things",
    timePerWeek: "An hour",
  });
  for (const [k, v] of crafted) answered.append(k, v);
  await page.goto(`/survey-complete?${answered}`);
  await page.getByRole("heading", { name: "The 1m² box fits your space" }).waitFor();
  await page.getByText("Your spot is shady", { exact: false }).waitFor();
  for (const url of [`/survey-complete?${crafted}`, `/survey-complete?${answered}`]) {
    await page.goto(url);
    const text = await page.locator("main").innerText();
    expect(text).not.toContain("evil@example.com");
    expect(text).not.toContain("pwned");
    expect(text).not.toContain("We've saved your answers");
    expect(await page.content()).not.toContain("window.pwned=1</script>");
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  }
});

test("the API refuses other sites and answers bad input with a 400 a person understands", async () => {
  const foreign = await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: "https://evil.example" }),
    body: JSON.stringify({ email: "x@example.nz", region: "Otago" }),
  });
  expect(foreign.status).toBe(403);
  const bad = await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: "{not json",
  });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({
    message: "There was an error adding you to the waitlist",
  });
});
