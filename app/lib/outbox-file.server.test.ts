// The file outboxes are read while they are written (the dev mailbox, the tests). A message is
// written under another name and renamed into place; a torn read is too rare to catch in a test
// (the CI run that found it read an SMS file between open and write), so this checks the shape.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { writeOutboxFile } from "./outbox-file.server.ts";

test("a message appears whole under its own name, with nothing left beside it", () => {
  const folder = join(mkdtempSync(join(tmpdir(), "outbox-")), "sms");
  writeOutboxFile(folder, "1-a.json", JSON.stringify({ to: "+64215550142", body: "kia ora" }));
  expect(readdirSync(folder)).toEqual(["1-a.json"]);
  expect(JSON.parse(readFileSync(join(folder, "1-a.json"), "utf8"))).toEqual({
    to: "+64215550142",
    body: "kia ora",
  });
});
