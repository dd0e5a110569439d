// What composeMessage writes is read back by an independent parser (postal-mime): every header,
// both parts and the envelope come back as they went in.
import PostalMime from "postal-mime";
import { expect, test } from "vitest";
import { composeMessage } from "./mime-message.server.ts";

const parse = (raw: Buffer) => PostalMime.parse(raw);

test("a message comes back whole: headers, text and HTML, line by line", async () => {
  const text = [
    "Kia ora! Tēnā koe, thanks for joining the waitlist for Hawke's Bay.",
    ".a line that starts with a dot",
    "a long line " + "kūmara ".repeat(40),
    "",
    "Confirm: https://patch.example/waitlist/confirm?token=abc.def-ghi_jkl",
    "trailing spaces   ",
  ].join("\n");
  const html = `<p style="margin:0">Nau mai = welcome, “quotes” & ümlauts</p>\n<p>${"x".repeat(300)}</p>`;
  const { raw, messageId, envelope } = await composeMessage({
    from: "Patch <hello@patch.nz>",
    to: "grower@example.nz",
    subject: "Confirm you're on the Patch waitlist — Māori and all",
    text,
    html,
    headers: {
      "List-Unsubscribe": "<https://patch.example/api/unsubscribe?token=" + "t".repeat(120) + ">",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    date: new Date("2026-11-23T22:01:12Z"),
  });

  expect(envelope).toEqual({ from: "hello@patch.nz", to: ["grower@example.nz"] });
  const lines = raw.toString("utf8").split("\r\n");
  expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(998);
  expect(raw.toString("utf8")).not.toMatch(/[^\r]\n/); // CRLF only
  expect([...raw].every((byte) => byte < 0x80)).toBe(true); // 7-bit clean

  const mail = await parse(raw);
  expect(mail.from).toEqual({ name: "Patch", address: "hello@patch.nz" });
  expect(mail.to).toEqual([{ name: "", address: "grower@example.nz" }]);
  expect(mail.subject).toBe("Confirm you're on the Patch waitlist — Māori and all");
  expect(mail.messageId).toBe(messageId);
  expect(new Date(mail.date ?? "").toISOString()).toBe("2026-11-23T22:01:12.000Z");
  expect(mail.text?.replace(/\r\n/g, "\n").trimEnd()).toBe(text.trimEnd());
  expect(mail.html?.replace(/\r\n/g, "\n").trimEnd()).toBe(html);
  const header = (key: string) => mail.headers.find((h) => h.key === key)?.value;
  expect(header("list-unsubscribe")).toBe(
    "<https://patch.example/api/unsubscribe?token=" + "t".repeat(120) + ">",
  );
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(header("mime-version")).toBe("1.0");
});

test("a value can't add a header of its own, and display names are quoted or encoded", async () => {
  const { raw } = await composeMessage({
    from: "Patch, Garden Supplies <hello@patch.nz>",
    to: "grower@example.nz",
    subject: "Hello\r\nBcc: victim@example.com",
    text: "t",
    html: "<p>h</p>",
    headers: { "X-Note": "one\ntwo" },
  });
  const mail = await parse(raw);
  expect(mail.bcc).toBeUndefined();
  expect(mail.subject).toBe("Hello Bcc: victim@example.com");
  expect(mail.from).toEqual({ name: "Patch, Garden Supplies", address: "hello@patch.nz" });
  expect(mail.headers.find((h) => h.key === "x-note")?.value).toBe("one two");

  const maori = await parse(
    (
      await composeMessage({
        from: "Pātaka Kai <kai@patch.nz>",
        to: "a@example.nz",
        subject: "s",
        text: "t",
        html: "h",
      })
    ).raw,
  );
  expect(maori.from).toEqual({ name: "Pātaka Kai", address: "kai@patch.nz" });
});

test("an address that isn't ASCII goes through nodemailer's own composer", async () => {
  const { raw, envelope, messageId } = await composeMessage({
    from: "Patch <hello@patch.nz>",
    to: "grower@bücher.example",
    subject: "s",
    text: "kia ora",
    html: "<p>kia ora</p>",
  });
  expect(envelope.to).toEqual(["grower@bücher.example"]);
  const mail = await parse(raw);
  expect(mail.messageId).toBe(messageId);
  expect(mail.text?.trim()).toBe("kia ora");
  expect(mail.to?.[0]?.address).toMatch(/^grower@(bücher|xn--bcher-kva)\.example$/);
});

test("a send's key makes its Message-ID: the same key the same id, another key or none another (ADR 044)", async () => {
  const message = (idempotencyKey?: string) =>
    composeMessage({
      from: "Patch <hello@patch.nz>",
      to: "grower@example.nz",
      subject: "Your spot is ready",
      text: "Kia ora",
      html: "<p>Kia ora</p>",
      idempotencyKey,
    });
  const first = await message("wave-invite:1b0c");
  const again = await message("wave-invite:1b0c");
  expect(first.messageId).toMatch(/^<[\w-]{32}@patch\.nz>$/);
  expect(again.messageId).toBe(first.messageId);
  expect(first.messageId).not.toContain("wave-invite");
  expect((await message("wave-invite:2c1d")).messageId).not.toBe(first.messageId);
  const random = [(await message()).messageId, (await message()).messageId];
  expect(random[0]).not.toBe(random[1]);
  expect((await parse(first.raw)).messageId).toBe(first.messageId);
});
