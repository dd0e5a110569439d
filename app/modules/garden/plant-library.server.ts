// Reads the plant library from content/plants/*.json once and keeps it in memory: it ships with
// the code. A file that breaks the schema, or names a companion that isn't in the library, stops
// with an error naming the file, so a bad edit fails the tests rather than a visitor's page.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { plantSchema, type Plant } from "./plant-library.schema.ts";

let root = path.resolve(process.cwd(), "content", "plants");
let cached: Plant[] | undefined;

/** Tests point the loader at a folder of fixtures; the cache starts empty again. */
export function setPlantLibraryRoot(folder: string): void {
  root = path.resolve(folder);
  cached = undefined;
}

function readPlant(file: string): Plant {
  const where = `content/plants/${file}`;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(root, file), "utf8"));
  } catch (error) {
    throw new Error(`${where} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = plantSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${where}: ${issue?.path.join(".") || "file"} ${issue?.message ?? "is invalid"}`,
    );
  }
  if (`${parsed.data.id}.json` !== file)
    throw new Error(`${where}: id ${parsed.data.id} is not its file name`);
  return parsed.data;
}

/** Every plant, alphabetical by name. */
export function loadPlantLibrary(): Plant[] {
  if (cached) return cached;
  const files = existsSync(root)
    ? readdirSync(root)
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
  const plants = files.map(readPlant);
  const ids = new Set(plants.map((p) => p.id));
  const names = new Set<string>();
  for (const plant of plants) {
    const key = plant.name.toLowerCase();
    if (names.has(key)) throw new Error(`content/plants: two plants are named ${plant.name}`);
    names.add(key);
    for (const other of [...plant.companions, ...plant.avoidNear]) {
      if (!ids.has(other)) {
        throw new Error(
          `content/plants/${plant.id}.json names ${other}, which is not in the library`,
        );
      }
    }
  }
  cached = plants.sort((a, b) => a.name.localeCompare(b.name, "en-NZ"));
  return cached;
}
