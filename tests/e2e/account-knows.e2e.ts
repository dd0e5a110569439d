// Issue 39 §8, "the account uses what it knows", in a browser: a member's swap list offers only
// what is in season for their next box's month, with nothing chosen for them (a Swap pressed
// without a choice is refused in words); a plan change with a swap in the box names, before the
// member confirms, the swap it keeps (a bigger box, at 390 px) or drops (a smaller one, at 1280
// px), and the box then holds what was said; the calendar follows the new plan and carries the
// box's delivery and cutoff. 390 and 1280 px with axe, no sideways scroll, and 320 px for the
// confirmation step; SCREENSHOT_DIR keeps the pages as PNGs.
import type { Locator, Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { boxContentsFromGuides } from "#app/modules/guidance/box-contents-from-guides.server.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { signedInMember } from "./members.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

async function subscribe(page: Page) {
  await page.goto("/subscribe?plan=1m2");
  await page.getByLabel("Street address").fill("12 Kowhai Road");
  await page.getByLabel("Town or city").fill("Auckland");
  await page.getByLabel("Region").selectOption("Auckland");
  await page.getByLabel("Postcode").fill("1021");
  await page.getByRole("radio", { name: /^Week 2/ }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Start my subscription" }).click();
  await page.waitForURL(/\/subscribe\/confirmed\?subscription=/);
}

async function pageIsSound(page: Page, shot: string, part?: Locator) {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${shot}.png`, fullPage: true });
    await part?.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${shot}-part.png` });
  }
}

/** The item ids a plan's box holds this month in Auckland's zone, as the demo data seeds them. */
function planItems(month: number, plan: string): Set<string> {
  return new Set(
    boxContentsFromGuides()
      .filter((r) => r.month === month && r.zone === "warm-north" && r.plan === plan)
      .map((r) => r.itemId),
  );
}

interface SwapForm {
  form: Locator;
  itemId: string;
  name: string;
  options: { id: string; name: string }[];
}

async function swapForms(page: Page): Promise<SwapForm[]> {
  const forms = page.locator("form:has(select[name=replacementId])");
  const out: SwapForm[] = [];
  for (const form of await forms.all()) {
    const itemId = await form.locator("input[name=itemId]").getAttribute("value");
    const label = await form.locator("label span").first().innerText();
    const options = await form
      .locator("option")
      .evaluateAll((els) =>
        els.map((el) => ({ id: (el as HTMLOptionElement).value, name: el.textContent ?? "" })),
      );
    out.push({ form, itemId: itemId!, name: label.replace(/, for$/, ""), options });
  }
  return out;
}

for (const [viewport, target] of [
  [PHONE, { plan: "2m2", size: "2m²", price: "US$69.99", kept: true }],
  [DESKTOP, { plan: "0.5m2", size: "0.5m²", price: "US$29.99", kept: false }],
] as const) {
  test(`a swap list suits the month, and a plan change names the swap it ${target.kept ? "keeps" : "drops"} before confirming, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInMember(page, `knows${viewport.width}`);
    await subscribe(page);
    await page.goto("/profile/subscription");
    await page.getByRole("heading", { name: "Your next box", level: 3 }).waitFor();

    // The swap list: this month's, nothing chosen.
    await page.getByText("Swap an item", { exact: true }).click();
    const intro = await page.getByText(/in season for an? \w+ box where you grow/).innerText();
    const monthName = /for an? (\w+) box/.exec(intro)![1]!;
    const month = MONTHS.indexOf(monthName) + 1;
    expect(month).toBeGreaterThan(0);
    const forms = await swapForms(page);
    expect(forms.length).toBeGreaterThan(0);
    for (const f of forms) {
      expect(f.options[0]).toEqual({ id: "", name: "Choose an item" });
      expect(await f.form.locator("select").inputValue()).toBe("");
      for (const o of f.options.slice(1))
        expect(boxItemInSeason(o.id, month, "warm-north"), `${o.name} in ${monthName}`).toBe(true);
    }
    await pageIsSound(page, `h1-swaps-${viewport.width}`, page.locator("details:has(select)"));

    // Swap pressed without a choice: refused in words, nothing swapped.
    await forms[0]!.form.getByRole("button", { name: "Swap", exact: true }).click();
    await page.getByText("Choose what to swap it for.").first().waitFor();

    // A swap the target plan keeps (its item is in the bigger box too, its replacement isn't) or
    // drops (its item isn't in the smaller box).
    const inTarget = planItems(month, target.plan);
    const choice = forms
      .filter((f) => inTarget.has(f.itemId) === target.kept)
      .map((f) => ({ f, to: f.options.slice(1).find((o) => !inTarget.has(o.id)) }))
      .find((c) => c.to);
    expect(choice, "a swap to make").toBeDefined();
    const { f, to } = choice as { f: SwapForm; to: { id: string; name: string } };
    if (!(await f.form.isVisible())) await page.getByText("Swap an item", { exact: true }).click();
    await f.form.locator("select").selectOption(to.id);
    await f.form.getByRole("button", { name: "Swap", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Swapped ${f.name} for ${to.name}.` })
      .first()
      .waitFor();

    // The plan change asks first, naming the swap and what happens to it.
    await page
      .getByRole("radio", { name: new RegExp(`^${target.size.replace(".", "\\.")}`) })
      .check();
    await page.getByRole("button", { name: "Change plan" }).click();
    const heading = page.getByRole("heading", {
      name: `Change to the ${target.size} plan (${target.price} a month)?`,
    });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const words = `${to.name} (instead of ${f.name})`;
    const said = page.getByTestId(target.kept ? "plan-confirm-kept" : "plan-confirm-dropped");
    await expect.poll(() => said.innerText()).toContain(words);
    expect(
      await page.getByTestId(target.kept ? "plan-confirm-dropped" : "plan-confirm-kept").count(),
    ).toBe(0);
    const planSection = page.locator("section[aria-labelledby=change-plan]");
    await pageIsSound(page, `h1-plan-confirm-${viewport.width}`, planSection);
    if (viewport === PHONE) {
      await page.setViewportSize({ width: 320, height: 720 });
      await pageIsSound(page, "h1-plan-confirm-320", planSection);
      await page.setViewportSize(viewport);
    }

    await page.getByRole("button", { name: `Confirm: change to ${target.size}` }).click();
    await page
      .getByRole("status")
      .filter({
        hasText: target.kept
          ? `Your swap stays in the new box: ${words}.`
          : `so it's dropped: ${words}`,
      })
      .first()
      .waitFor();
    await expect
      .poll(() => page.getByTestId("subscription-status").innerText())
      .toContain(`${target.size} plan, ${target.price} a month`);
    const contents = await page
      .getByRole("heading", { name: "In the box" })
      .locator("xpath=following-sibling::*[1]")
      .innerText();
    if (target.kept) expect(contents).toContain(to.name);
    else expect(contents).not.toContain(to.name);

    // The calendar follows the new plan, with the box's delivery and cutoff in its feed.
    await page.goto("/profile/reminders");
    await expect
      .poll(() => page.getByTestId("calendar-plan").innerText())
      .toContain(`Box size: ${target.size}`);
    await pageIsSound(
      page,
      `h1-reminders-${viewport.width}`,
      page.locator("section[aria-labelledby=planting-calendar]"),
    );
    const feedUrl = await page.getByLabel("Your calendar address").inputValue();
    const feed = await (await page.request.get(new URL(feedUrl).pathname)).text();
    expect(feed).toContain(`Your ${target.size} box arrives this week`);
    expect(feed).toContain("Last day to change your box");
  }, 150_000);
}
