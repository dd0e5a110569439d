// A contact's consent to the waitlist e-mail is written in one place (record-consent.server.ts),
// which every path that makes or re-joins a contact calls: the form's batched join, the merge of
// a known address, a gift's held spot. A second writer is where the words, the page or the
// connection start to be recorded differently.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const WRITES_CONSENT = /insert\(\s*contactConsents\s*\)|insert\s+into\s+contact_consents/i;

test("one module inserts contact consents", () => {
  const writers = ["app", "server"]
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        .map((e) => join(e.parentPath, e.name)),
    )
    .filter((file) => WRITES_CONSENT.test(readFileSync(file, "utf8")));
  expect(writers).toEqual(["app/modules/waitlist/record-consent.server.ts"]);
});
