// The file outboxes (mail and texts, used when no SMTP server or Twilio account is set) are read
// while they are written: by the dev mailbox, the dev tools and the tests. A file is written under a
// name no reader lists, then renamed into place, so a reader sees a whole message or none.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";

export function writeOutboxFile(folder: string, name: string, content: string | Buffer): void {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  const partial = `${path}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, path);
}

/** Every file of one kind (".eml", ".json") in an outbox folder, parsed, newest first. */
export function readOutboxFolder<T>(
  dir: string,
  extension: string,
  parse: (text: string, file: string) => T,
): T[] {
  const folder = resolve(dir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith(extension))
    .sort()
    .reverse()
    .map((f) => parse(readFileSync(join(folder, f), "utf8"), f));
}
