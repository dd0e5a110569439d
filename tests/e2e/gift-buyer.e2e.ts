// Issue 39's gifts in Chromium (ADR 076), at 390 and 1280 px with axe, and 320 px without sideways
// scroll: a buyer names the recipient's region on /gift and reads, before paying, what a region we
// don't deliver to yet means; pays; opens their gift's page from the receipt e-mail's signed link;
// moves the day their friend's e-mail goes (to today, so it goes now), re-sends it, and opens the
// card to print (the site's header gone on paper, the code and message on the card). A link with a
// changed key gets its own plain page. And a friend arriving through a share link is greeted
// (no name to show here: the neutral words) with the inviter's region chosen.
// Hawke's Bay is this file's region: it stays closed, and no other file's counts read it.
import type { Page } from "playwright-core";
import { futureExpiry } from "#tests/factories/cards.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { axeViolations } from "./axe.ts";
import {
  animationsDone,
  asVisitor,
  baseUrl,
  DESKTOP,
  expect,
  PHONE,
  test,
  visitorAddress,
} from "./fixtures.ts";
import { confirmFrom, linkFrom, mailTo, sentMail } from "./mail.ts";
import { signedInMember, uniqueEmail, waitForMail } from "./members.ts";

const REGION = "Hawke's Bay";
const NARROW = { width: 320, height: 720 } as const;

/** Axe-clean, no sideways scroll here and at 320 px; a screenshot at each when SCREENSHOT_DIR is set. */
async function checkPage(page: Page, shot: string) {
  // A toast under the pointer (a phone's full-width toast, where the button was) waits for it.
  await page.mouse.move(0, 0);
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  const viewport = page.viewportSize()!;
  const widths = viewport.width === PHONE.width ? [PHONE, NARROW] : [viewport];
  for (const size of widths) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/h2-${shot}-${size.width}.png`,
        fullPage: true,
      });
  }
  await page.setViewportSize(viewport);
}

const nzDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    Date.now() + days * 86_400_000,
  );

const codeMails = (to: string) =>
  sentMail().filter((m) => m.to === to && /has sent you a Patch garden box gift$/.test(m.subject));

for (const viewport of [PHONE, DESKTOP]) {
  test(`a buyer picks the region, pays, and from the receipt's link moves the day, re-sends and prints a card, at ${viewport.width} px`, async ({
    page,
    otherVisitorPage: buyerMail,
  }) => {
    await page.setViewportSize(viewport);
    const recipient = uniqueEmail(`tui${viewport.width}`);
    const buyer = uniqueEmail(`rawiri${viewport.width}`);
    await page.goto("/gift");
    await page.getByRole("heading", { name: "Give someone a garden", level: 1 }).waitFor();
    await page.getByRole("radio", { name: /^1m²/ }).check();
    await page.getByRole("radio", { name: /^3 months/ }).check();
    await page.getByLabel("Their name").fill("Tui Parata");
    await page.getByLabel("Their email").fill(recipient);
    // Before paying: where we deliver, and what a region we don't deliver to yet means.
    expect(await page.getByTestId("gift-open-regions").innerText()).toContain("We deliver to ");
    await page.getByLabel("Their region").selectOption("Auckland");
    await expect
      .poll(() => page.getByTestId("gift-region-note").innerText())
      .toBe(
        "We deliver to Auckland now: your friend can start their boxes as soon as they redeem the code.",
      );
    await page.getByLabel("Their region").selectOption(REGION);
    await expect
      .poll(() => page.getByTestId("gift-region-note").innerText())
      .toContain(
        `We don't deliver to ${REGION} yet. When your friend redeems the code, we hold their place on the ${REGION} waitlist and keep the gift's full value as credit until we launch there.`,
      );
    await page.getByLabel("A message (optional)").fill("Kia ora Tui! Happy gardening.");
    await page.getByLabel("When to e-mail them").fill(nzDay(10));
    await page.getByLabel("Your name").fill("Rawiri Parata");
    await page.getByLabel("Your email").fill(buyer);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await page.getByLabel("Security code (CVC)").fill("123");
    await checkPage(page, "gift-form");
    await page.getByRole("button", { name: "Buy gift" }).click();
    await page.waitForURL(/\/gift\/sent\?gift=/);

    // The receipt's signed link, opened as from the e-mail (another browser: no cookies needed).
    const receipt = await waitForMail(buyer, /^Receipt: your Patch gift for Tui Parata$/);
    expect(receipt.text).toContain(`We don't deliver to ${REGION} yet. When Tui Parata redeems`);
    const link = linkIn(receipt, `${baseUrl()}/gift/manage/`);
    await buyerMail.setViewportSize(viewport);
    await buyerMail.goto(link);
    await buyerMail.getByRole("heading", { name: "For Tui Parata", level: 1 }).waitFor();
    expect(await buyerMail.getByTestId("gift-email-state").innerText()).toMatch(
      new RegExp(
        `^Goes to ${recipient.replace(/[.]/g, "\\.")} on .+, at 8 am New Zealand time\\.$`,
      ),
    );
    expect(await buyerMail.getByTestId("gift-redeemed").innerText()).toBe(
      "Not yet. We'll keep the gift until they do.",
    );
    expect(await buyerMail.getByTestId("gift-region").innerText()).toContain(
      `${REGION}: we don't deliver there yet`,
    );
    await checkPage(buyerMail, "gift-manage");
    expect(await buyerMail.locator("body").innerText()).not.toMatch(/ADR|issue \d/i);

    // Move the day to today: the e-mail goes now, and the page says it went.
    await buyerMail.getByLabel("When to e-mail them").fill(nzDay(0));
    await buyerMail.getByRole("button", { name: "Change the day" }).click();
    await buyerMail
      .getByText("Done. Their e-mail with the code is on its way now.")
      .first()
      .waitFor();
    const first = await waitForMail(
      recipient,
      /^Rawiri Parata has sent you a Patch garden box gift$/,
    );
    const code = /Your gift code: ([0-9A-Z-]{19})/.exec(first.text)![1]!;
    await expect
      .poll(async () => {
        await buyerMail.reload();
        return buyerMail.getByTestId("gift-email-state").innerText();
      })
      .toMatch(/^Sent to .+ on .+\.$/);

    // Re-send it: one more e-mail with the same code.
    await buyerMail.getByRole("button", { name: "Re-send their e-mail" }).click();
    await buyerMail
      .getByText(`Done. Their e-mail is on its way to ${recipient} again.`)
      .first()
      .waitFor();
    await expect.poll(() => codeMails(recipient).length, { timeout: 15_000 }).toBe(2);
    expect(codeMails(recipient)[1]!.text).toContain(`Your gift code: ${code}`);
    await checkPage(buyerMail, "gift-manage-sent");

    // The card to print: the code and the message; on paper the site's header is gone.
    await buyerMail.getByRole("link", { name: "Print a card" }).click();
    await buyerMail.getByRole("heading", { name: "Your card to print" }).waitFor();
    expect(await buyerMail.getByTestId("gift-card-code").innerText()).toBe(code);
    expect(await buyerMail.getByTestId("gift-card").innerText()).toContain(
      "Kia ora Tui! Happy gardening.",
    );
    await checkPage(buyerMail, "gift-card");
    await buyerMail.emulateMedia({ media: "print" });
    expect(await buyerMail.locator("body > header").first().isVisible()).toBe(false);
    expect(await buyerMail.getByRole("button", { name: "Print this card" }).isVisible()).toBe(
      false,
    );
    expect(await buyerMail.getByTestId("gift-card-code").isVisible()).toBe(true);
    if (process.env.SCREENSHOT_DIR)
      await buyerMail.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/h2-gift-card-print-${viewport.width}.png`,
        fullPage: true,
      });
    await buyerMail.emulateMedia({ media: "screen" });

    // Redeemed by the friend (where we don't deliver yet: held), the buyer's page says when.
    await page.goto("/");
    await signedInMember(page, `tui-redeems${viewport.width}`);
    await page.goto(linkIn(first, `${baseUrl()}/gift/redeem?code=`));
    // The redeem page starts on the region the buyer named (a new account has no address).
    expect(await page.getByLabel("Region").inputValue()).toBe(REGION);
    await page.getByLabel("Street address").fill("3 Rimu Street");
    await page.getByLabel("Town or city").fill("Napier");
    await page.getByLabel("Region").selectOption(REGION);
    await page.getByLabel("Postcode").fill("4110");
    await page.getByRole("button", { name: "Keep my gift and my place" }).click();
    await page.getByTestId("held-waiting").waitFor();
    await buyerMail.goto(link);
    expect(await buyerMail.getByTestId("gift-redeemed").innerText()).toMatch(
      /^Yes, on \w+day \d{1,2} \w+ \d{4}\.$/,
    );
    expect(await buyerMail.getByRole("button", { name: "Re-send their e-mail" }).count()).toBe(0);
    await checkPage(buyerMail, "gift-manage-redeemed");

    // A link whose key was changed: its own page, not an error.
    const url = new URL(link);
    url.searchParams.set("key", `${url.searchParams.get("key")!.slice(0, -3)}abc`);
    const response = await page.goto(url.toString());
    expect(response!.status()).toBe(403);
    await page.getByRole("heading", { name: "This link doesn't work", level: 1 }).waitFor();
    await checkPage(page, "gift-manage-forged");
  }, 180_000);

  test(`a friend arriving through a share link is greeted and starts on the inviter's region, at ${viewport.width} px`, async ({
    page,
  }) => {
    const inviter = uniqueEmail(`inviter${viewport.width}`);
    const res = await fetch(`${baseUrl()}/api/waitlist`, {
      method: "POST",
      headers: asVisitor(
        { "Content-Type": "application/json", Origin: baseUrl() },
        visitorAddress(),
      ),
      body: JSON.stringify({ email: inviter, region: REGION }),
    });
    expect(res.status).toBe(201);
    const joined = await mailTo(inviter);
    await confirmFrom(joined);
    const share = linkFrom(joined, "/r/");

    await page.setViewportSize(viewport);
    await page.goto(share);
    await page.waitForURL(/\/waitlist\?invite=[0-9a-z]{8}$/);
    expect(await page.getByTestId("invited-by").innerText()).toBe(
      `A friend invited you to Patch. We've chosen ${REGION} for you, where they are: change it if you're somewhere else.`,
    );
    expect(await page.locator("body").innerText()).not.toContain(inviter);
    const form = page
      .locator("form")
      .filter({ has: page.getByLabel("Email") })
      .first();
    expect(await form.getByLabel("Region").inputValue()).toBe(REGION);
    await checkPage(page, "share-greeting");
  });
}
