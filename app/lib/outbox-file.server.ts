// The file outboxes (mail and texts, used when no SMTP server or Twilio account is set) are read
// while they are written: by the dev mailbox, the dev tools and the tests. A file is written under a
// name no reader lists, then renamed into place, so a reader sees a whole message or none.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeOutboxFile(folder: string, name: string, content: string | Buffer): void {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  const partial = `${path}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, path);
}
