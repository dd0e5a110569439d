// The waitlist's admin side (issue 4): counts, search, CSV, erasure and the launch notification.
import { linkIn } from "#tests/setup/smtp.ts";
import { asVisitor, baseUrl, expect, test } from "./fixtures.ts";
import { confirmFrom, mailTo, sentMail } from "./mail.ts";
import { signedInAdmin, signedInMember } from "./members.ts";

// Of the three admins, this file's own (members.ts).
const ADMIN = "ops@example.com";

async function join(email: string, region: string) {
  const res = await fetch(baseUrl() + "/api/waitlist", {
    method: "POST",
    headers: asVisitor({ "Content-Type": "application/json", Origin: baseUrl() }),
    body: JSON.stringify({ email, region }),
  });
  expect(res.ok).toBe(true);
  return mailTo(email);
}

test("an admin sees the waitlist, exports it, deletes a contact and launches a region once", async ({
  page,
  otherVisitorPage: member,
}) => {
  const stamp = Date.now();
  const waiting = `kea.${stamp}@example.nz`;
  const leaving = `tui.${stamp}@example.nz`;
  // Two confirmed people in the West Coast and one to delete, whose confirm link was only
  // opened (as a mail scanner does): that confirms nobody, so the region shows 2 confirmed of 3.
  for (const email of [waiting, `weka.${stamp}@example.nz`]) {
    await confirmFrom(await join(email, "West Coast"));
  }
  const scanned = await fetch(
    linkIn(await join(leaving, "West Coast"), `${baseUrl()}/waitlist/confirm?token=`),
  );
  expect(scanned.status).toBe(200);

  // Strangers and signed-in non-admins can't read the data, nor act on it.
  expect((await fetch(baseUrl() + "/admin/waitlist.csv")).status).toBe(401);
  await signedInMember(member, "kakariki");
  const memberCsv = await member.request.get("/admin/waitlist.csv?region=West+Coast");
  expect(memberCsv.status()).toBe(403);
  expect(await memberCsv.text()).not.toContain(waiting);
  const memberForms: Record<string, string>[] = [
    { intent: "launch", region: "West Coast", confirm: "yes" },
    { intent: "delete", id: "00000000-0000-0000-0000-000000000000", confirm: "yes" },
  ];
  for (const form of memberForms) {
    const refused = await member.request.post("/admin/waitlist", {
      headers: { origin: baseUrl() },
      form,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/");
  }

  await signedInAdmin(page, ADMIN);

  await page.goto("/admin/waitlist");
  await page.getByRole("heading", { name: "Waitlist", level: 1 }).waitFor();
  const westCoast = page.getByRole("row", { name: /West Coast/ }).first();
  expect(await westCoast.innerText()).toMatch(/3\s+2/);

  await page.getByLabel("Search e-mail").fill(`tui.${stamp}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/q=tui/);
  await page.getByRole("cell", { name: leaving }).waitFor();
  expect(await page.getByRole("row", { name: new RegExp(leaving) }).innerText()).toContain(
    "Not confirmed",
  );

  const csv = await page.request.get(`/admin/waitlist.csv?region=West+Coast`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const body = await csv.text();
  expect(body).toContain(waiting);
  expect(body).toContain(leaving);

  await page.getByText("Delete", { exact: true }).click();
  await page.getByLabel(`Delete ${leaving} for good`).check();
  await page.getByRole("button", { name: "Delete contact" }).click();
  await page
    .getByText("Contact deleted, with their consent records and messages.")
    .first()
    .waitFor();
  expect(await page.getByRole("cell", { name: leaving }).count()).toBe(0);

  const launch = async () => {
    await page.goto("/admin/waitlist");
    await page.locator('#launches select[name="region"]').selectOption("West Coast");
    await page.getByLabel("I'm sure: this e-mails everyone waiting there").check();
    await page.getByRole("button", { name: "Open region and send launch e-mails" }).click();
  };
  await launch();
  await page
    .getByText("West Coast is open for subscriptions. Launch e-mails are on their way.")
    .first()
    .waitFor();
  await page
    .getByTestId("open-regions")
    .getByText(/West Coast/)
    .waitFor();
  await expect
    .poll(async () => (await page.locator("#launches").innerText()).includes("2 of 2 sent"), {
      timeout: 30_000,
    })
    .toBe(true);
  await launch();
  await page.getByText("West Coast was already open: nothing more was sent.").first().waitFor();
  // The member's launch above did nothing, and the second press sent nothing: once the server has
  // no launch jobs left to run, each person has exactly one launch e-mail.
  await expect
    .poll(async () => {
      await page.goto("/admin/waitlist");
      return page.locator("#launches tr", { hasText: "West Coast" }).getAttribute("data-pending");
    })
    .toBe("0");
  const launched = sentMail().filter((m) => m.subject === "Patch has launched in West Coast!");
  expect(launched.map((m) => m.to).sort()).toEqual([waiting, `weka.${stamp}@example.nz`].sort());
});
