// The items a subscription box can hold, as the demo data and a new database first know them
// (admins add more at /admin/boxes). Each crop is offered as a seedling (planted) and as a seed
// packet (sown); `words` finds it in a monthly guide's "What to sow and plant" lines, which is how
// each month's contents are seeded (app/modules/guidance/box-contents-from-guides.server.ts).
import type { BoxItemKind, BoxItemSizeClass } from "#db/schema/boxes.ts";

export interface CatalogueCrop {
  slug: string;
  name: string;
  /** Seedlings of this crop need a big cell (tomatoes, courgettes) or a small one (lettuce). */
  seedling: "small-seedling" | "large-seedling";
  /** Matches the crop in a guide's line, in lower case. */
  words: RegExp;
}

export const CROPS: readonly CatalogueCrop[] = [
  { slug: "tomato", name: "Tomato", seedling: "large-seedling", words: /\btomato(es)?\b/ },
  { slug: "capsicum", name: "Capsicum", seedling: "large-seedling", words: /\bcapsicums?\b/ },
  { slug: "chilli", name: "Chilli", seedling: "large-seedling", words: /\bchill(i|ies)\b/ },
  { slug: "eggplant", name: "Eggplant", seedling: "large-seedling", words: /\beggplants?\b/ },
  { slug: "courgette", name: "Courgette", seedling: "large-seedling", words: /\bcourgettes?\b/ },
  { slug: "cucumber", name: "Cucumber", seedling: "large-seedling", words: /\bcucumbers?\b/ },
  { slug: "pumpkin", name: "Pumpkin", seedling: "large-seedling", words: /\bpumpkins?\b/ },
  { slug: "melon", name: "Melon", seedling: "large-seedling", words: /\bmelons?\b/ },
  { slug: "sweetcorn", name: "Sweetcorn", seedling: "large-seedling", words: /\bsweetcorn\b/ },
  { slug: "kumara", name: "Kūmara", seedling: "large-seedling", words: /\bkūmara\b/ },
  { slug: "potato", name: "Seed potatoes", seedling: "large-seedling", words: /\bpotato(es)?\b/ },
  { slug: "broccoli", name: "Broccoli", seedling: "large-seedling", words: /\bbroccoli\b/ },
  { slug: "cabbage", name: "Cabbage", seedling: "large-seedling", words: /\bcabbages?\b/ },
  {
    slug: "cauliflower",
    name: "Cauliflower",
    seedling: "large-seedling",
    words: /\bcauliflowers?\b/,
  },
  { slug: "kale", name: "Kale", seedling: "small-seedling", words: /\b(kale|cavolo nero)\b/ },
  {
    slug: "broad-beans",
    name: "Broad beans",
    seedling: "small-seedling",
    words: /\bbroad beans?\b/,
  },
  {
    slug: "climbing-beans",
    name: "Climbing beans",
    seedling: "small-seedling",
    words: /\bclimbing beans?\b/,
  },
  { slug: "dwarf-beans", name: "Dwarf beans", seedling: "small-seedling", words: /\bdwarf\b/ },
  { slug: "peas", name: "Peas", seedling: "small-seedling", words: /\b(?<!sweet )peas\b/ },
  { slug: "lettuce", name: "Lettuce", seedling: "small-seedling", words: /\blettuces?\b/ },
  { slug: "spinach", name: "Spinach", seedling: "small-seedling", words: /\bspinach\b/ },
  { slug: "silverbeet", name: "Silverbeet", seedling: "small-seedling", words: /\bsilverbeet\b/ },
  { slug: "rocket", name: "Rocket", seedling: "small-seedling", words: /\brocket\b/ },
  { slug: "bok-choy", name: "Bok choy", seedling: "small-seedling", words: /\bbok choy\b/ },
  { slug: "radish", name: "Radish", seedling: "small-seedling", words: /\bradish(es)?\b/ },
  { slug: "carrot", name: "Carrot", seedling: "small-seedling", words: /\bcarrots?\b/ },
  { slug: "beetroot", name: "Beetroot", seedling: "small-seedling", words: /\bbeetroot\b/ },
  {
    slug: "spring-onion",
    name: "Spring onion",
    seedling: "small-seedling",
    words: /\bspring onions?\b/,
  },
  { slug: "onion", name: "Onion", seedling: "small-seedling", words: /\b(?<!spring )onions?\b/ },
  { slug: "leek", name: "Leek", seedling: "small-seedling", words: /\bleeks?\b/ },
  { slug: "basil", name: "Basil", seedling: "small-seedling", words: /\bbasil\b/ },
  { slug: "coriander", name: "Coriander", seedling: "small-seedling", words: /\bcoriander\b/ },
  { slug: "parsley", name: "Parsley", seedling: "small-seedling", words: /\bparsley\b/ },
  {
    slug: "strawberry",
    name: "Strawberry",
    seedling: "small-seedling",
    words: /\bstrawberr(y|ies)\b/,
  },
];

export interface CatalogueItem {
  id: string;
  name: string;
  kind: BoxItemKind;
  sizeClass: BoxItemSizeClass;
}

/** Supplies every box carries. */
export const SUPPLIES: readonly CatalogueItem[] = [
  { id: "supply-compost", name: "Compost top-up", kind: "supply", sizeClass: "supply" },
  {
    id: "supply-fertiliser",
    name: "Organic fertiliser",
    kind: "supply",
    sizeClass: "supply",
  },
  { id: "supply-labels", name: "Plant labels", kind: "supply", sizeClass: "supply" },
];

export const seedlingOf = (crop: CatalogueCrop): CatalogueItem => ({
  id: `seedling-${crop.slug}`,
  name: `${crop.name} seedlings`,
  kind: "seedling",
  sizeClass: crop.seedling,
});

export const seedsOf = (crop: CatalogueCrop): CatalogueItem => ({
  id: `seed-${crop.slug}`,
  name: `${crop.name} seeds`,
  kind: "seed",
  sizeClass: "seed-packet",
});

/** Every catalogue item: each crop's seedlings and seeds, then the supplies. */
export function catalogueItems(): CatalogueItem[] {
  return [...CROPS.flatMap((c) => [seedlingOf(c), seedsOf(c)]), ...SUPPLIES];
}
