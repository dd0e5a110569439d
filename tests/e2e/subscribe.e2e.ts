// Issue 21, first slice: a visitor picks a plan, finds their region (Auckland, open in the demo
// data) already taking subscriptions on /waitlist, signs in and comes back to /subscribe with the
// plan kept, is refused a declined card, then subscribes with the demo card: the confirmation page
// names the first box's week and the e-mail arrives. A closed region says so at once. 390 and 1280 px.
import { futureExpiry } from "#tests/factories/cards.ts";
import { axeViolations } from "./axe.ts";
import { animationsDone, baseUrl, DESKTOP, expect, PHONE, test } from "./fixtures.ts";
import { createAccount, signInAndSeeToast, uniqueEmail, waitForMail } from "./members.ts";

for (const viewport of [PHONE, DESKTOP]) {
  test(`subscribe with the demo card from the waitlist, through sign-in, at ${viewport.width} px`, async ({
    page,
    otherVisitorPage: visitor,
  }) => {
    // An account made (and confirmed) elsewhere; this visitor isn't signed in yet.
    const email = uniqueEmail(`kowhai${viewport.width}`);
    await page.goto(await createAccount(page, email));

    await visitor.setViewportSize(viewport);
    await visitor.goto("/waitlist?plan=2m2");
    await visitor.getByLabel("Region").selectOption("Auckland");
    await visitor.getByText("Good news: monthly boxes already deliver to Auckland.").waitFor();
    expect(await visitor.getByRole("button", { name: "Join Waitlist" }).count()).toBe(0);
    await visitor.getByRole("link", { name: "Start my subscription" }).click();

    // Not signed in: the page offers an account in place, and a way to sign in to one.
    await visitor.getByRole("heading", { name: "Create an account" }).waitFor();
    await visitor.getByRole("link", { name: "Sign in", exact: true }).click();
    await visitor.waitForURL(/\/login\?redirectTo=%2Fsubscribe%3Fplan%3D2m2/);
    await signInAndSeeToast(visitor, email);
    await visitor.waitForURL(`${baseUrl()}/subscribe?plan=2m2`);
    await visitor.getByRole("heading", { name: "Start your subscription", level: 1 }).waitFor();
    expect(await visitor.getByRole("radio", { name: /2m²/ }).isChecked()).toBe(true);
    await expect.poll(() => visitor.getByTestId("monthly-price").innerText()).toBe("US$69.99");
    await visitor.getByText("Includes GST of US$9.13").waitFor();
    await animationsDone(visitor);
    expect(await axeViolations(visitor)).toEqual([]);
    expect(
      await visitor.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);

    // The plan can be changed here, and the price follows.
    await visitor.getByRole("radio", { name: /1m²/ }).check();
    await expect.poll(() => visitor.getByTestId("monthly-price").innerText()).toBe("US$39.99");

    // A closed region is said at once, with its waitlist.
    await visitor.getByLabel("Region").selectOption("Southland");
    await visitor.getByRole("link", { name: "Join the waitlist for Southland" }).waitFor();

    await visitor.getByLabel("Street address").fill("12 Kowhai Road");
    await visitor.getByLabel("Suburb (optional)").fill("Grey Lynn");
    await visitor.getByLabel("Town or city").fill("Auckland");
    await visitor.getByLabel("Region").selectOption("Auckland");
    await visitor.getByLabel("Postcode").fill("1021");
    await visitor.getByRole("radio", { name: "Week 3 (15th to 21st)" }).check();
    const firstBox = (await visitor.getByTestId("first-box").innerText()).replace(
      "In the week starting ",
      "",
    );
    await visitor.getByLabel("Card number").fill("4000 0000 0000 0002");
    await visitor.getByLabel("Expiry (MM/YY)").fill(futureExpiry());
    await visitor.getByLabel("Security code (CVC)").fill("123");
    await visitor.getByRole("button", { name: "Start my subscription" }).click();
    // The decline is said once, in the card's section, and announced.
    await visitor
      .getByRole("alert")
      .getByText("Your card was declined.", { exact: false })
      .waitFor();
    expect(await visitor.getByText("Your card was declined.", { exact: false }).count()).toBe(1);
    expect(visitor.url()).toContain("/subscribe");

    await visitor.getByLabel("Card number").fill("4242 4242 4242 4242");
    await visitor.getByRole("button", { name: "Start my subscription" }).click();
    await visitor.waitForURL(/\/subscribe\/confirmed\?subscription=/);
    await visitor
      .getByRole("heading", { name: "Your first box is on its way", level: 1 })
      .waitFor();
    expect(await visitor.getByTestId("first-box-date").innerText()).toBe(firstBox);
    await visitor.getByText("Organic compost top-up (20 L)").waitFor();
    await visitor.getByText("Includes GST of US$5.22").waitFor();
    await animationsDone(visitor);
    expect(await axeViolations(visitor)).toEqual([]);
    const overflow = await visitor.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);

    const mail = await waitForMail(email, /Your Patch subscription has started/);
    expect(mail.text).toContain(`Your first box arrives in the week starting ${firstBox}.`);
  });
}

test("a stranger asking for /subscribe may create an account there, the way back kept (issue 39)", async () => {
  const response = await fetch(`${baseUrl()}/subscribe?plan=0.5m2`, { redirect: "manual" });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Create an account");
  expect(html).toContain('name="redirectTo" value="/subscribe?plan=0.5m2"');
  expect(html).toContain('href="/login?redirectTo=%2Fsubscribe%3Fplan%3D0.5m2"');
  expect(html).not.toContain("Please log in");
});
