import { expect, test } from "vitest";
import { fitText, formatPhone, gsmLength, isGsm, STOP_LINE, toGsm } from "./sms-text.ts";

test("te reo macrons and smart punctuation fold into the GSM alphabet", () => {
  expect(toGsm("Plant kūmara under the pōhutukawa – it’s “summer”… 1 m² · done")).toBe(
    'Plant kumara under the pohutukawa - it\'s "summer"... 1 m2 , done',
  );
  expect(isGsm(toGsm("Māori 🌱 garden"))).toBe(true);
  expect(toGsm("Māori 🌱 garden")).toBe("Maori garden");
  expect(gsmLength("a€[")).toBe(5);
});

test("a text keeps what fits, clips what doesn't, and always ends with STOP", () => {
  const text = fitText(
    { opening: "Patch: hello.", items: ["one", "two", "three"], itemsLead: "Do:", ending: "Bye." },
    48,
  );
  expect(text).toBe(`Patch: hello. Do: one. Bye. ${STOP_LINE}`);
  const long = fitText({ opening: "Patch:", items: ["x".repeat(400)], ending: "" }, 320);
  expect(gsmLength(long)).toBeLessThanOrEqual(320);
  expect(long.endsWith(`... ${STOP_LINE}`)).toBe(true);
  expect(
    fitText({ opening: "Patch:", extras: [["a".repeat(400), "short one."]], ending: "" }),
  ).toBe(`Patch: short one. ${STOP_LINE}`);
});

test("New Zealand numbers are grouped for reading", () => {
  expect(formatPhone("+64215550101")).toBe("+64 21 555 0101");
  expect(formatPhone("+642155501012")).toBe("+64 21 5550 1012");
  expect(formatPhone("+6495550142")).toBe("+64 9 555 0142");
  expect(formatPhone("+61412345678")).toBe("+61412345678");
});
