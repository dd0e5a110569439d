// Asking a coach (issue 41), the coach's side, in a real browser: a member asks on /coach; an
// admin (every admin is a coach) finds the question in the inbox, sees the member's garden beside
// it, answers from a saved reply; the member's e-mail carries the thread's signed link, which
// opens the thread with the answer; the member replies, verifies their mobile and texts our number
// (the signed Twilio webhook), which lands in the same thread; then closes it. No axe violations.
import { axeViolations } from "./axe.ts";
import { animationsDone, expect, PHONE, test, toastShown } from "./fixtures.ts";
import { linkFrom, sentMail } from "./mail.ts";
import { signedInAdmin, signedInMember } from "./members.ts";
import { replyByText, waitForText } from "./texts.ts";

const ADMIN = "admin@example.com";

test("a coach answers with a saved reply; the member opens the e-mail's link, replies and closes", async ({
  page,
  otherVisitorPage: coach,
}) => {
  await page.setViewportSize(PHONE);
  const email = await signedInMember(page, "coachanswer");
  await page.goto("/coach?ask=1");
  await page.getByLabel("Watering").check();
  const question = "How often should I water seedlings in a hot Canterbury nor'wester?";
  await page.getByRole("textbox", { name: "Your question", exact: true }).fill(question);
  await page.getByRole("button", { name: "Send to a coach" }).click();
  await page.waitForURL(/\/coach\/[0-9a-f-]{36}$/);
  const threadId = new URL(page.url()).pathname.split("/").pop()!;

  // The coach: the inbox lists it; the thread shows the member's context beside it.
  await signedInAdmin(coach, ADMIN);
  await coach.goto("/admin/coach");
  await expect.poll(() => coach.locator("main").textContent()).toContain(question.slice(0, 40));
  await coach.goto(`/admin/coach/${threadId}`);
  await expect.poll(() => coach.locator("main").textContent()).toContain(question);
  await expect.poll(() => coach.locator("main").textContent()).toContain("garden");
  await coach.getByLabel("Saved reply").selectOption({ index: 1 });
  await coach.getByRole("button", { name: "Use this reply" }).click();
  const answer = coach.locator("#answer-body");
  await expect.poll(() => answer.inputValue()).not.toBe("");
  const answered = await answer.inputValue();
  // The pointer leaves the button it pressed: axe reads colours, and a hover's colour change
  // caught half-way (white text on a half-green button) is no page's real state.
  await coach.mouse.move(0, 0);
  await animationsDone(coach);
  expect(await axeViolations(coach)).toEqual([]);
  await coach.getByRole("button", { name: "Send answer" }).click();
  await toastShown(coach, "Answer sent");

  // The member: the e-mail's signed link opens the thread with the answer in it.
  // (Its e-mail is sent by a job: wait for the one that carries this thread's link.)
  await expect
    .poll(
      () => sentMail().some((m) => m.to === email && m.text.includes(`/coach/${threadId}?key=`)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const mail = sentMail().findLast(
    (m) => m.to === email && m.text.includes(`/coach/${threadId}?key=`),
  )!;
  await page.goto(linkFrom(mail, `/coach/${threadId}?key=`));
  await expect
    .poll(() => page.getByRole("list", { name: "Questions and answers" }).textContent())
    .toContain(answered.slice(0, 60).trim());
  await expect.poll(() => page.getByTestId("coach-state").textContent()).toContain("Answered");
  await page
    .getByRole("textbox", { name: "Your reply", exact: true })
    .fill("Thank you! Watering at dawn from now on.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await toastShown(page, "Thanks, your reply is with our coaches.");

  // A text to our number from the member's verified mobile lands in the same thread.
  await page.goto("/profile/phone");
  const mobile = `021${String(Date.now()).slice(-7)}`;
  const e164 = `+64${mobile.slice(1)}`;
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Text me a code" }).click();
  const codeText = await waitForText(e164, /\b\d{6}\b/);
  await page.getByLabel("6-digit code").fill(/\b(\d{6})\b/.exec(codeText)![1]!);
  await page.getByRole("button", { name: "Verify number" }).click();
  await page
    .getByText("Your phone number is verified. You can now sign in with a text message.")
    .first()
    .waitFor();
  const texted = await replyByText(e164, "Also: the lettuce is bolting already. Too hot?");
  expect(texted.status).toBe(200);
  await page.goto(`/coach/${threadId}`);
  await expect
    .poll(() => page.getByRole("list", { name: "Questions and answers" }).textContent())
    .toContain("Also: the lettuce is bolting already. Too hot?");

  await page.getByRole("button", { name: /Close this question/ }).click();
  await expect.poll(() => page.getByTestId("coach-state").textContent()).toContain("Closed");
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
});
