// Packages that only make sense on the server (the database, e-mail, the queue, image work, the
// public-holiday tables, password hashing, logging) are imported only by `.server` files, which
// React Router keeps out of every browser bundle. A plain module that imported one was sent to
// the browser whole: the coaching pages once loaded 1.4 MB of holiday data to print a due time.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const SERVER_ONLY = [
  "sharp",
  "pg",
  "nodemailer",
  "pg-boss",
  "date-holidays",
  "@node-rs/argon2",
  "pino",
];
const IMPORT = /^\s*import\s[^;]*?from\s+"([^"]+)"/gm;

test("server-only packages are imported only by .server files", () => {
  const wrong = readdirSync("app", { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .filter((e) => !/\.server\.tsx?$|\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .filter((m) => !/^import\s+type\s/.test(m[0].trim()))
        .map((m) => m[1]!)
        .filter((spec) => SERVER_ONLY.some((p) => spec === p || spec.startsWith(`${p}/`)))
        .map((spec) => `${file}: ${spec}`),
    );
  expect(wrong).toEqual([]);
});
