// Old and new code run side by side during a rolling deploy, on the newest schema: so a migration
// only adds. A statement that takes something away or tightens it (DROP, RENAME, SET NOT NULL)
// breaks the code still running unless it is the second step of a two-step change (first a
// release that stops using it, then the migration), and the file must say so in a comment
// starting `-- two-step:` naming the release that made it safe.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

const FOLDER = "db/migrations";
// Deployed before this check existed; 0021 replaces a CHECK with a looser one in one statement pair.
const BEFORE_THE_RULE = 22;

const TAKES_AWAY =
  /\b(DROP\s+(TABLE|COLUMN|CONSTRAINT|INDEX|TYPE|SCHEMA|VIEW)|RENAME\s+(TO|COLUMN)|SET\s+NOT\s+NULL)\b/i;

function unsafeStatements(sqlText: string): string[] {
  if (/^--\s*two-step:/im.test(sqlText)) return [];
  return sqlText
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^--.*$/gm, "").trim())
    .filter((statement) => TAKES_AWAY.test(statement));
}

test("every migration after the rule only adds, or says its two-step plan", () => {
  const offending = readdirSync(FOLDER)
    .filter((file) => file.endsWith(".sql") && Number(file.slice(0, 4)) > BEFORE_THE_RULE)
    .flatMap((file) =>
      unsafeStatements(readFileSync(`${FOLDER}/${file}`, "utf8")).map((s) => `${file}: ${s}`),
    );
  expect(offending).toEqual([]);
});

test("the check sees a drop, a rename and a tightening, and accepts a written plan", () => {
  expect(unsafeStatements(`ALTER TABLE "a" DROP COLUMN "b";`)).toHaveLength(1);
  expect(unsafeStatements(`ALTER TABLE "a" RENAME COLUMN "b" TO "c";`)).toHaveLength(1);
  expect(unsafeStatements(`ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;`)).toHaveLength(1);
  expect(unsafeStatements(`CREATE TABLE "a" ("b" text NOT NULL);`)).toEqual([]);
  expect(
    unsafeStatements(`-- two-step: 0.4 stopped reading "b"\nALTER TABLE "a" DROP COLUMN "b";`),
  ).toEqual([]);
});
