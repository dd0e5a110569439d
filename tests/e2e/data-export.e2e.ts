// "Download my data" on the profile (Privacy Act 2020): confirmed with the password, it gives the
// person a JSON file of their account. Found by the hostile-input suite: the page's own action
// answered with the file, which React Router read as page data, and the page failed with a 500.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { PASSWORD, signedInMember } from "./members.ts";

test("a member downloads their data after confirming the password", async ({ page }) => {
  const email = await signedInMember(page, "data-export");
  await page.goto("/profile/privacy");
  const password = page.getByLabel("Confirm with your password");

  await password.fill("not my password at all");
  await page.getByRole("button", { name: "Download my data" }).click();
  await expect
    .poll(() =>
      page.getByTestId("error-summary").getByText("That password isn't right.").isVisible(),
    )
    .toBe(true);

  await page.getByLabel("Confirm with your password").fill(PASSWORD);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("patch-my-data.json");
  const data = JSON.parse(await readFile((await file.path())!, "utf8")) as {
    account: { email: string };
  };
  expect(data.account.email).toBe(email);
  // The link it came from is signed for this person and a minute: a retried download works,
  // anyone else is sent to sign in.
  const again = await page.request.get(file.url(), { maxRedirects: 0 });
  expect(again.status()).toBe(200);
  const stranger = await fetch(file.url(), { redirect: "manual" });
  expect(stranger.status).toBe(302);
  expect(stranger.headers.get("location")).toMatch(/^\/login/);
});
