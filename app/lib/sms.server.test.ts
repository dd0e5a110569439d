// Texts through Twilio (issue 17): sendSms() against a local server speaking Twilio's Messages
// API, so a swapped To and From, a wrong account or a lost Body fails here as it would for real.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { testSettings } from "#tests/setup/test-database.ts";
import { startTwilioApi, type FakeTwilio } from "#tests/setup/twilio-api.ts";
import { setSettings } from "./env.server.ts";
import { sendSms } from "./sms.server.ts";

let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startTwilioApi();
  setSettings(testSettings(twilio.settings));
});
// The tests run shuffled: each starts with no requests seen.
beforeEach(() => {
  twilio.requests.length = 0;
});
afterAll(async () => {
  await twilio.close();
});

test("a text is POSTed to the account's Messages resource with To, From, Body and Basic auth", async () => {
  const body = "123456 is your Patch code. Kia ora, it works for 10 minutes.";
  const { id } = await sendSms({ to: "+64215550142", body });
  expect(twilio.requests).toHaveLength(1);
  const [request] = twilio.requests;
  expect(request).toEqual({
    method: "POST",
    path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
    contentType: "application/x-www-form-urlencoded",
    auth: { username: twilio.accountSid, password: twilio.authToken },
    form: { To: "+64215550142", From: twilio.from, Body: body },
  });
  // The message's sid is what we keep (ADR 005's send record).
  expect(id).toMatch(/^SM[0-9a-f]{32}$/);
});

test("Twilio's refusal fails the send with its reason", async () => {
  await expect(sendSms({ to: "+64 21 555", body: "hello" })).rejects.toThrow(
    /Twilio refused the text \(400\): The 'To' number \+64 21 555 is not a valid phone number\./,
  );
  setSettings(testSettings({ ...twilio.settings, TWILIO_AUTH_TOKEN: "not-the-token" }));
  try {
    await expect(sendSms({ to: "+64215550142", body: "hello" })).rejects.toThrow(
      /Twilio refused the text \(401\): Authenticate/,
    );
  } finally {
    setSettings(testSettings(twilio.settings));
  }
});
