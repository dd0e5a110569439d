// A member's own planting calendar (issue 7): the profile shows a secret feed address that follows
// their region and box size, the feed is a calendar file, and resetting the address ends the old one.
import { baseUrl, expect, PHONE, test } from "./fixtures.ts";
import { signedInMember } from "./members.ts";

test("the profile's personal calendar follows region and box size, and its address resets", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInMember(page, "tui");
  await page.goto("/profile/reminders");
  const panel = page.getByRole("region", { name: "Your planting calendar" });
  await panel.getByText("Add your region under").waitFor();

  // A region in the details (the panel links there), then a box size in the calendar panel.
  await panel.getByRole("link", { name: "Your details" }).click();
  await page.waitForURL(`${baseUrl()}/profile`);
  await page.getByLabel("Region").selectOption("Otago");
  await page.getByRole("button", { name: "Save profile" }).click();
  await page.getByText("Your profile has been saved.").first().waitFor();
  await page.getByRole("link", { name: "Reminders and calendar" }).click();
  await panel.getByText("for Otago").waitFor();
  await panel.getByLabel("Box size").selectOption("2m2");
  await panel.getByRole("button", { name: "Save box size" }).click();
  await panel.getByText("Box size saved: your calendar follows it now.").waitFor();

  const feedUrl = await panel.getByLabel("Your calendar address").inputValue();
  expect(feedUrl).toMatch(new RegExp(`^${baseUrl()}/calendar/feed/[\\w-]{43}\\.ics$`));
  const subscribe = panel.getByRole("link", { name: "Subscribe in your calendar app" });
  expect(await subscribe.getAttribute("href")).toBe(feedUrl.replace(/^https?:/, "webcal:"));

  // Calendar apps fetch it without cookies.
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const ics = await feed.text();
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("X-WR-CALNAME:Patch planting calendar: Otago, 2m²");

  await panel.getByText("Reset your calendar address").click();
  await panel.getByRole("button", { name: "Make a new address" }).click();
  await panel.getByText("Your calendar has a new address. Subscribe again with it.").waitFor();
  const address = panel.getByLabel("Your calendar address");
  await expect.poll(() => address.inputValue()).not.toBe(feedUrl);
  const newUrl = await address.inputValue();
  expect((await fetch(feedUrl)).status).toBe(404);
  expect((await fetch(newUrl)).status).toBe(200);
});
