// Issue 22's growth journeys in Chromium: (a) friends join through a contact's share link and
// confirm, and the contact's own status page shows their count move and the credit it earned;
// (b) an admin starts a launch wave, the contact at the front of the region's queue claims the
// spot from the e-mail's link, signs in and subscribes, and their referral credit pays part of the
// first box before the card (the page, the confirmation and the e-mail say how much each paid).
// Marlborough and Taranaki are this file's own regions: no other file joins or opens them.
import { futureExpiry } from "#tests/factories/cards.ts";
import type { Page } from "playwright-core";
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
import { confirmFrom, linkFrom, mailTo } from "./mail.ts";
import {
  createAccount,
  signedInAdmin,
  signInAndSeeToast,
  uniqueEmail,
  waitForMail,
} from "./members.ts";

/** Axe-clean and no sideways scrolling; a screenshot too when E2E_SCREENSHOTS names a folder. */
async function pageIsSound(page: Page, name: string) {
  await animationsDone(page);
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir)
    await page.screenshot({
      path: `${dir}/${name}-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
}

/** Joins through the API, as the home page's form does, with the share link's cookie if any. */
async function joinAndConfirm(email: string, region: string, referralCode?: string) {
  const res = await fetch(`${baseUrl()}/api/waitlist`, {
    method: "POST",
    headers: asVisitor(
      {
        "Content-Type": "application/json",
        Origin: baseUrl(),
        ...(referralCode ? { Cookie: `patch_ref=${referralCode}` } : {}),
      },
      visitorAddress(),
    ),
    body: JSON.stringify({ email, region }),
  });
  expect(res.status).toBe(201);
  const mail = await mailTo(email);
  await confirmFrom(mail);
  return mail;
}

const codeOf = (shareUrl: string) => new URL(shareUrl).pathname.split("/").pop()!;

test("friends join through a share link and confirm; the contact's status page counts them and shows the credit earned, at 390 px", async ({
  page,
  otherVisitorPage: friendPage,
}) => {
  await page.setViewportSize(PHONE);
  await friendPage.setViewportSize(PHONE);
  const mere = uniqueEmail("mere.share");
  const joined = await joinAndConfirm(mere, "Marlborough");
  await page.goto(linkFrom(joined, "/waitlist/status?t="));
  await page.getByRole("heading", { name: "Your place on the waitlist", level: 1 }).waitFor();
  expect(await page.getByTestId("friend-count").innerText()).toBe("0 friends");
  expect(await page.getByTestId("referral-credit").innerText()).toBe("US$0.00");
  await page.getByText("When 3 friends have joined and confirmed, you earn US$5.00").waitFor();
  const shareUrl = await page.getByLabel("Your share link").inputValue();
  await pageIsSound(page, "status-empty");

  // The first friend follows the link in a browser and joins on the waitlist page.
  const aroha = uniqueEmail("aroha.friend");
  await friendPage.goto(shareUrl);
  await friendPage.waitForURL(`${baseUrl()}/waitlist?invite=${codeOf(shareUrl)}`);
  const form = friendPage
    .locator("form")
    .filter({ has: friendPage.getByLabel("Email") })
    .first();
  await form.getByLabel("Email").fill(aroha);
  await form.getByLabel("Region").selectOption("Marlborough");
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  await friendPage.getByRole("heading", { name: "You're In!" }).waitFor();
  // Joined but not confirmed: waiting, not counted.
  await page.reload();
  expect(await page.getByTestId("friend-count").innerText()).toBe("0 friends");
  await page.getByText("and 1 waiting to confirm their e-mail").waitFor();
  await friendPage.goto(linkFrom(await mailTo(aroha), "/waitlist/confirm?token="));
  await friendPage.getByRole("button", { name: "Confirm my e-mail" }).click();
  await friendPage.getByRole("heading", { name: "You're confirmed" }).waitFor();
  // Confirming again counts nothing more.
  await friendPage.reload();
  await friendPage.getByRole("heading", { name: "You're confirmed" }).waitFor();
  await page.reload();
  expect(await page.getByTestId("friend-count").innerText()).toBe("1 friend");

  // Two more friends, and the milestone's credit appears.
  const code = codeOf(shareUrl);
  await joinAndConfirm(uniqueEmail("ben.friend"), "Marlborough", code);
  await joinAndConfirm(uniqueEmail("cat.friend"), "Marlborough", code);
  await page.reload();
  expect(await page.getByTestId("friend-count").innerText()).toBe("3 friends");
  expect(await page.getByTestId("referral-credit").innerText()).toBe("US$5.00");
  await page.getByText("It pays for your first box before your card").waitFor();
  await page
    .getByText("When 10 friends have joined and confirmed, you earn US$15.00 more.")
    .waitFor();
  await pageIsSound(page, "status-credit");
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`an admin starts a wave; the contact claims the spot from the e-mail and subscribes with their credit applied, at ${viewport.width} px`, async ({
    page: admin,
    otherVisitorPage: tama,
  }) => {
    await tama.setViewportSize(viewport);
    const region = viewport === PHONE ? "Taranaki" : "Tasman";
    const email = uniqueEmail(`tama${viewport.width}`);
    const joined = await joinAndConfirm(email, region);
    const code = codeOf(linkFrom(joined, "/r/"));
    for (const name of ["hemi", "kiri", "rua"])
      await joinAndConfirm(uniqueEmail(`${name}${viewport.width}`), region, code);
    // Their account, made elsewhere and confirmed (the credit goes to a verified address only).
    await admin.goto(await createAccount(admin, email));
    await admin.context().clearCookies();

    await signedInAdmin(admin, "admin@example.com");
    await admin.goto("/admin/waitlist");
    const waves = admin.locator("#waves");
    await waves.getByLabel("Region").selectOption(region);
    await waves.getByLabel("Spots").fill("1");
    await waves.getByLabel("I'm sure: this e-mails that many people").check();
    await waves.getByRole("button", { name: "Start wave" }).click();
    const table = admin.getByTestId(`waves-${region}`);
    await table.waitFor();
    expect(await table.locator("tbody tr").first().locator("td").allInnerTexts()).toEqual([
      expect.any(String),
      "admin@example.com",
      "1",
      "1",
      "0",
      "0",
    ]);

    // The first in the region's queue (three friends moved them up) gets the e-mail.
    const invite = await waitForMail(
      email,
      new RegExp(`Your spot is ready: Patch is starting in ${region}`),
    );
    await tama.goto(linkFrom(invite, "/waitlist/claim?token="));
    await tama.getByRole("heading", { name: "Your spot is ready", level: 1 }).waitFor();
    await pageIsSound(tama, "claim");
    await tama.getByRole("button", { name: "Claim my spot" }).click();
    // Signed out, the claim leads to /subscribe, which offers an account or sign-in in place.
    await tama.waitForURL(/\/subscribe\?/);
    await tama.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await tama.waitForURL(/\/login\?redirectTo=/);
    await signInAndSeeToast(tama, email);
    await tama.waitForURL(/\/subscribe\?/);
    await tama.getByRole("heading", { name: "Start your subscription", level: 1 }).waitFor();
    expect(await tama.getByLabel("Region").inputValue()).toBe(region);
    await expect.poll(() => tama.getByTestId("monthly-price").innerText()).toBe("US$39.99");
    expect(await tama.getByTestId("credit-applied").innerText()).toBe("−US$5.00");
    expect(await tama.getByTestId("card-today").innerText()).toBe("US$34.99");
    await pageIsSound(tama, "subscribe-credit");

    await tama.getByLabel("Street address").fill("3 Devon Street");
    await tama.getByLabel("Town or city").fill("New Plymouth");
    await tama.getByLabel("Postcode").fill("4310");
    await tama.getByLabel("Card number").fill("4242 4242 4242 4242");
    await tama.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await tama.getByLabel("Security code (CVC)").fill("123");
    await tama.getByRole("button", { name: "Start my subscription" }).click();
    await tama.waitForURL(/\/subscribe\/confirmed\?subscription=/);
    await tama.getByRole("heading", { name: "Your first box is on its way", level: 1 }).waitFor();
    expect(await tama.getByTestId("paid-today").innerText()).toBe(
      "US$5.00 from your credit and US$34.99 by card",
    );
    await pageIsSound(tama, "confirmed-credit");
    const receipt = await waitForMail(email, /Your Patch subscription has started/);
    expect(receipt.text).toContain(
      "Your credit paid US$5.00 of your first box and your Visa ending 4242 was charged US$34.99 today.",
    );

    // The admin sees the spot claimed.
    await admin.reload();
    expect(
      await admin
        .getByTestId(`waves-${region}`)
        .locator("tbody tr")
        .first()
        .locator("td")
        .nth(4)
        .innerText(),
    ).toBe("1");
  });
}
