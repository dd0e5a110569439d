// Reads content/towns.json once (frost dates and warmth of New Zealand's main towns) and keeps it
// in memory; a file that breaks the schema stops with an error naming the entry.
import { readFileSync } from "node:fs";
import path from "node:path";
import { townsFileSchema, type Town } from "./towns.schema.ts";

let file = path.resolve(process.cwd(), "content", "towns.json");
let cached: Town[] | undefined;

/** Tests point the loader at a fixture; the cache starts empty again. */
export function setTownsFile(where: string): void {
  file = path.resolve(where);
  cached = undefined;
}

export function loadTowns(): Town[] {
  if (cached) return cached;
  const parsed = townsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`content/towns.json: ${issue?.path.join(".")} ${issue?.message}`);
  }
  const names = new Set<string>();
  for (const town of parsed.data.towns) {
    const key = placeKey(town.name);
    if (names.has(key)) throw new Error(`content/towns.json: ${town.name} is listed twice`);
    names.add(key);
  }
  cached = parsed.data.towns;
  return cached;
}

/** A town's name as people type it: case, macrons and spacing don't matter. */
export function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
}
