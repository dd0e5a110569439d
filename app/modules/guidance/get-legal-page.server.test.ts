import { expect, test } from "vitest";
import { fillContactDetails, getLegalPage, telHref } from "./get-legal-page.server.ts";

const contact = { email: "kia.ora@patch.example", phone: "+64 9 555 0199" };

test("the privacy policy shows the settings' e-mail and phone as links, no placeholders", () => {
  const page = getLegalPage("privacy", contact)!;
  expect(page.title).toBe("Privacy policy");
  expect(page.updated).toBe("2026-11-01");
  expect(page.html).not.toContain("{email}");
  expect(page.html).not.toContain("{phone}");
  expect(page.html).toContain('<a href="mailto:kia.ora@patch.example">kia.ora@patch.example</a>');
  expect(page.html).toContain('<a href="tel:+6495550199">+64 9 555 0199</a>');
});

test("the contents list the ## headings with their anchors", () => {
  const page = getLegalPage("terms", contact)!;
  expect(page.contents[0]).toEqual({ id: "who-we-are", text: "Who we are", depth: 2 });
  expect(page.contents.every((h) => h.depth === 2)).toBe(true);
  expect(page.contents.map((h) => h.text)).toContain("Returns and refunds");
  for (const h of page.contents) expect(page.html).toContain(`id="${h.id}"`);
});

test("contact details are escaped, whatever the settings hold", () => {
  expect(fillContactDetails("<p>{email}</p>", { email: 'a"<b>@x.nz', phone: "1" })).toBe(
    '<p><a href="mailto:a&quot;&lt;b&gt;@x.nz">a&quot;&lt;b&gt;@x.nz</a></p>',
  );
  expect(telHref("(09) 555-0142")).toBe("tel:095550142");
});
