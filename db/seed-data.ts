// Demo data for `npm start` and `npm run db:seed`, built by the same factories the tests use.
// Every seeder is idempotent: running it twice leaves the same rows.
import type { Database } from "#app/lib/db.server.ts";
import type { Settings } from "#app/lib/env.server.ts";
import { catalogueProducts } from "#tests/factories/products.ts";
import { boxContentsFromGuides } from "#app/modules/guidance/box-contents-from-guides.server.ts";
import { catalogueItems } from "#app/modules/subscriptions/box-item-catalogue.ts";
import { boxContents, boxItems, products, regions } from "#db/schema/index.ts";

type Seeder = (db: Database, settings: Settings) => Promise<void>;

// Each area adds its seeder here as its tables land.
const seeders: Seeder[] = [seedCatalogue, seedOpenRegions, seedBoxContents];

/** Auckland is open for subscriptions, so a newcomer can subscribe at once; the rest wait. */
async function seedOpenRegions(db: Database): Promise<void> {
  await db
    .insert(regions)
    .values({ name: "Auckland", status: "open", openedAt: new Date(), openedBy: "demo data" })
    .onConflictDoNothing({ target: regions.name });
}

/** The shop's products: added when missing, never overwritten (stock and prices may have moved). */
async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(catalogueProducts())
    .onConflictDoNothing({ target: products.id });
}

/**
 * Subscription boxes: the item catalogue (missing items added), and each month × zone × plan's
 * contents from the monthly guides' planting lists, only while the contents table is empty, so the
 * edits admins make at /admin/boxes are never undone.
 */
async function seedBoxContents(db: Database): Promise<void> {
  await db.insert(boxItems).values(catalogueItems()).onConflictDoNothing({ target: boxItems.id });
  const [any] = await db.select({ month: boxContents.month }).from(boxContents).limit(1);
  if (any) return;
  await db.insert(boxContents).values(boxContentsFromGuides()).onConflictDoNothing();
}

export async function seedDemoData(db: Database, settings: Settings): Promise<void> {
  for (const seed of seeders) await seed(db, settings);
}
