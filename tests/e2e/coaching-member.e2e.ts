// Asking a coach (issue 41), the member's side, in a real browser at 390 px and 1280 px: a member
// places a plant on /garden, asks about it from the square's "Ask about this plant", adds a photo
// through the file input, and lands on the thread: waiting for a coach, with the due time in words
// and the photo served back; a reply is added to the thread. No axe violations on either page.
import sharp from "sharp";
import { axeViolations } from "./axe.ts";
import { animationsDone, DESKTOP, expect, PHONE, test, toastShown } from "./fixtures.ts";
import { signedInMember } from "./members.ts";

const SHOTS = process.env.COACHING_SCREENSHOTS;

for (const [label, viewport] of [
  ["390 px", PHONE],
  ["1280 px", DESKTOP],
] as const) {
  test(`a member asks about a garden square with a photo and replies (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInMember(page, `coach${viewport.width}`);
    await page.goto("/garden");
    await page
      .getByLabel("Plant to place")
      .selectOption({ label: "Dwarf bush beans (9 a square)" });
    await page.getByRole("gridcell").first().focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("garden-ask-coach").getByText("Ask about this plant").waitFor();
    await page.getByRole("link", { name: /^Ask about this plant/ }).click();

    await page.waitForURL(/\/coach\?ask=1/);
    await page.getByText("About the Dwarf bush beans in square 1 of your garden").waitFor();
    await page.getByLabel("Pests and diseases").check();
    await page
      .getByRole("textbox", { name: "Your question", exact: true })
      .fill("Something is eating holes in my bean leaves overnight. Slugs or caterpillars?");
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#4d7a33" },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    await page
      .getByLabel("Photos (optional)")
      .setInputFiles({ name: "beans.jpg", mimeType: "image/jpeg", buffer: photo });
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/ask-${viewport.width}.png`, fullPage: true });
    await page.getByRole("button", { name: "Send to a coach" }).click();

    await page.waitForURL(/\/coach\/[0-9a-f-]{36}$/);
    await toastShown(page, "Thanks, your question is with our coaches.");
    await expect
      .poll(() => page.getByTestId("coach-state").textContent())
      .toContain("Waiting for a coach");
    await expect
      .poll(() => page.getByTestId("coach-promise").textContent())
      .toMatch(
        /^A coach will answer by \d{1,2}:\d{2} (am|pm) (Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2} \w+ \(New Zealand time\)/,
      );
    const image = page.getByRole("img", { name: "Photo 1 with this message" });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1200);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    await page
      .getByRole("textbox", { name: "Your reply", exact: true })
      .fill("Found two slugs under the mulch this morning.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await toastShown(page, "Thanks, your reply is with our coaches.");
    await expect
      .poll(() => page.getByRole("list", { name: "Questions and answers" }).textContent())
      .toContain("Found two slugs under the mulch this morning.");
    expect(
      await page.getByRole("list", { name: "Questions and answers" }).locator("> li").count(),
    ).toBe(2);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/thread-${viewport.width}.png`, fullPage: true });

    await page.goto("/coach");
    await expect
      .poll(() => page.getByTestId("coach-threads").textContent())
      .toContain("Waiting for a coach");
  });
}
