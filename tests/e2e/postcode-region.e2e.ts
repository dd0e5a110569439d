// Issue 39 (ADR 079): a postcode instead of the region, on the plan cards and the gift form, at 390
// and 1280 px with axe. A visitor types a postcode on a plan card: Auckland's (open in the demo
// data) goes to /subscribe, Southland's (closed) to its waitlist with the region chosen, each page
// saying which region it found; one we can't place is said beside the field and nothing is lost.
// A gift buyer gives the recipient's postcode and pays. Without JavaScript the server reads the
// postcode the same way.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, baseUrl, DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { uniqueEmail } from "./members.ts";

async function checkPage(page: Page, shot: string) {
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR}/h3-${shot}-${page.viewportSize()!.width}.png`,
      fullPage: false,
    });
}

const found = (page: Page) => page.getByTestId("postcode-region");

for (const viewport of [PHONE, DESKTOP]) {
  test(`a plan card's postcode: Auckland's goes to /subscribe, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const postcode = page.getByLabel("or postcode");
    await postcode.fill("1010");
    await expect.poll(() => found(page).innerText()).toBe("1010 is in Auckland.");
    expect(await page.getByLabel("Where should we deliver?").inputValue()).toBe("Auckland");
    await page.getByTestId("we-deliver").scrollIntoViewIfNeeded();
    await checkPage(page, "plan-postcode");
    await page.getByRole("button", { name: "Subscribe to the 2m² plan" }).click();
    await page.waitForURL(`${baseUrl()}/subscribe?region=Auckland&postcode=1010&plan=2m2`);
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(await found(page).innerText()).toBe("1010 is in Auckland.");
    await checkPage(page, "subscribe-postcode");
  });

  test(`a plan card's postcode where we don't deliver goes to the waitlist, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const postcode = page.getByLabel("or postcode");
    // One we can't place: said beside the field, and Subscribe stays here with it.
    await postcode.fill("2800");
    const refused =
      "We don't know the postcode 2800. Please check it, or choose the region instead.";
    await page.getByText(refused).waitFor();
    await page.getByRole("button", { name: "Subscribe to the 0.5m² plan" }).click();
    expect(page.url()).toBe(`${baseUrl()}/`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("plans-postcode");
    expect(await postcode.inputValue()).toBe("2800");
    await checkPage(page, "plan-postcode-unknown");
    // Choosing a region instead clears the postcode.
    await page.getByLabel("Where should we deliver?").selectOption("Otago");
    expect(await postcode.inputValue()).toBe("");
    await postcode.fill("9810");
    await expect.poll(() => found(page).innerText()).toBe("9810 is in Southland.");
    await page.getByRole("button", { name: "Subscribe to the 0.5m² plan" }).click();
    await page.waitForURL(`${baseUrl()}/waitlist?plan=0.5m2&region=Southland&postcode=9810`);
    await page.getByTestId("chosen-plan").waitFor();
    expect(await page.getByLabel("Region").inputValue()).toBe("Southland");
    expect(await found(page).innerText()).toBe(
      "9810 is in Southland. We don't deliver there yet: join the waitlist and we'll tell you when we do.",
    );
    await checkPage(page, "waitlist-postcode");
  });

  test(`a gift buyer gives the recipient's postcode and pays, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/gift");
    await page.getByRole("heading", { name: "Give someone a garden", level: 1 }).waitFor();
    await page.getByLabel("Their name").fill("Aroha Ngata");
    await page.getByLabel("Their email").fill(uniqueEmail(`aroha${viewport.width}`));
    await page.getByLabel("or postcode").fill("1010");
    await expect.poll(() => found(page).innerText()).toBe("1010 is in Auckland.");
    expect(await page.getByLabel("Their region").inputValue()).toBe("Auckland");
    await expect
      .poll(() => page.getByTestId("gift-region-note").innerText())
      .toBe(
        "We deliver to Auckland now: your friend can start their boxes as soon as they redeem the code.",
      );
    await page.getByLabel("or postcode").scrollIntoViewIfNeeded();
    await checkPage(page, "gift-postcode");
    await page.getByLabel("Your name").fill("Wiremu Ngata");
    await page.getByLabel("Your email").fill(uniqueEmail(`wiremu${viewport.width}`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Buy gift" }).click();
    await page.waitForURL(/\/gift\/sent\?gift=/);
  });
}

test("without JavaScript a plan card's postcode is read by the server", async ({
  noScriptPage,
}) => {
  const page = noScriptPage;
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await page.getByLabel("or postcode").fill("1010");
  await page.getByRole("button", { name: "Subscribe to the 1m² plan" }).click();
  await page.waitForURL(`${baseUrl()}/subscribe?region=Auckland&postcode=1010&plan=1m2`);
  expect(await found(page).innerText()).toBe("1010 is in Auckland.");
  // One it can't place comes back to the cards with the postcode and its message.
  await page.goto("/");
  await page.getByLabel("or postcode").fill("0042");
  await page.getByRole("button", { name: "Subscribe to the 1m² plan" }).click();
  await page.waitForURL(`${baseUrl()}/?postcode=0042&plan=1m2#plans`);
  expect(await page.getByLabel("or postcode").inputValue()).toBe("0042");
  await page.getByText("We don't know the postcode 0042.").waitFor();
});

test("without JavaScript a gift's postcode chooses the region and asks before paying", async ({
  noScriptPage,
}) => {
  const page = noScriptPage;
  await page.setViewportSize(DESKTOP);
  await page.goto("/gift");
  await page.getByLabel("Their name").fill("Aroha Ngata");
  const theirs = uniqueEmail("aroha-nojs");
  const yours = uniqueEmail("wiremu-nojs");
  await page.getByLabel("Their email").fill(theirs);
  await page.getByLabel("or postcode").fill("9016");
  await page.getByLabel("A message (optional)").fill("Happy planting, e hoa!");
  await page.getByRole("radio", { name: /6 months/ }).check();
  await page.getByLabel("Your name").fill("Wiremu Ngata");
  await page.getByLabel("Your email").fill(yours);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Buy gift" }).click();
  await page.getByTestId("error-summary").waitFor();
  expect(page.url()).toBe(`${baseUrl()}/gift`);
  expect(await page.getByLabel("Their region").inputValue()).toBe("Otago");
  expect(await page.getByLabel("or postcode").inputValue()).toBe("9016");
  expect(await page.getByTestId("gift-region-note").innerText()).toContain(
    "We don't deliver to Otago yet.",
  );
  // Nothing typed is lost (but the card, which never comes back from the server).
  expect(await page.getByLabel("Their name").inputValue()).toBe("Aroha Ngata");
  expect(await page.getByLabel("Their email").inputValue()).toBe(theirs);
  expect(await page.getByLabel("A message (optional)").inputValue()).toBe("Happy planting, e hoa!");
  expect(await page.getByRole("radio", { name: /6 months/ }).isChecked()).toBe(true);
  expect(await page.getByLabel("Your name").inputValue()).toBe("Wiremu Ngata");
  expect(await page.getByLabel("Your email").inputValue()).toBe(yours);
  expect(await page.getByLabel("Card number").inputValue()).toBe("");
});
