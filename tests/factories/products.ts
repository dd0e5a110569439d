// The catalogue: the demo shop's products (seeded by db/seed-data.ts) and a factory for tests.
// Prices in integer cents (USD, SPEC §9); stock counts are what a small shop holds in a week.
import type { products } from "#db/schema/index.ts";
import type { CATEGORIES } from "#app/modules/catalog/catalog.schema.ts";

export type NewProduct = typeof products.$inferInsert;

const img = (slug: string, ...extra: string[]) => [
  `/images/products/${slug}`,
  ...extra.map((e) => `/images/products/${slug}-${e}`),
];

type Seed = Omit<NewProduct, "id" | "slug" | "images" | "position" | "category"> & {
  slug: string;
  /** One of the listing's categories (catalog.schema.ts). */
  category: (typeof CATEGORIES)[number];
  extraImages?: string[];
};

const catalogue: Seed[] = [
  {
    slug: "starter-grow-box-kit",
    name: "Starter Grow Box Kit (0.5 m²)",
    category: "Grow box kits",
    price: 14900,
    stockQuantity: 25,
    summary: "A half-square-metre bed for a balcony, deck or the sunny corner by the back door.",
    description: [
      "Everything you need for a first salad-and-herb garden in a space about the size of a doormat. The bed is untreated macrocarpa, 1 m long, 50 cm wide and 30 cm deep, so it is deep enough for lettuces, parsley and a cherry tomato, and light enough to carry up the stairs when it is empty.",
      "It arrives flat-packed with pre-drilled corners and stainless screws: two people put it together in about 20 minutes with the screwdriver in the kit. Fill it, plant the six seedlings along the planting card's grid and water them in. That is your first weekend done.",
      "Put it where it gets at least five hours of sun. On a deck, stand it on the two spacer rails so the boards underneath stay dry.",
    ].join("\n\n"),
    contents: [
      "Untreated macrocarpa bed, 1 m × 0.5 m × 30 cm, flat-packed",
      "150 L of organic vegetable mix (five 30 L bags)",
      "Six seasonal seedlings: lettuce, parsley, basil, spring onion and two more",
      "Two seed packets for the next sowing",
      "500 g slow-release organic fertiliser",
      "Planting card with a 0.5 m² grid for this season",
      "Stainless screws and a screwdriver",
    ],
  },
  {
    slug: "family-grow-box-kit",
    name: "Family Grow Box Kit (1 m²)",
    category: "Grow box kits",
    price: 22900,
    stockQuantity: 18,
    summary:
      "Our most popular bed: a square metre feeds a household salads and herbs most of the year.",
    description: [
      "One square metre is where growing starts to feed you. Laid out in a 4 × 4 square-foot grid, it holds a rotation of lettuces, silverbeet, beans, herbs and a tomato or two, and it takes about 30 minutes a week once it is planted.",
      "The bed is untreated macrocarpa, 1 m × 1 m and 30 cm deep, sitting on open ground or paving. Lay the weed mat in the bottom, fill it with the mix and compost in the kit, then plant from the grid card. The card changes with the season, and so do the seedlings we send.",
      "Macrocarpa weathers to silver and lasts eight to ten years without treatment, so nothing leaches into your food.",
    ].join("\n\n"),
    contents: [
      "Untreated macrocarpa bed, 1 m × 1 m × 30 cm, flat-packed",
      "300 L of organic vegetable mix plus a 40 L bag of compost",
      "Twelve seasonal seedlings, two punnets of herbs",
      "Four seed packets for succession sowing",
      "1 kg slow-release organic fertiliser",
      "Weed mat cut to size",
      "Square-metre planting grid (string and pegs) and the season's planting card",
      "Stainless screws and a screwdriver",
    ],
  },
  {
    slug: "abundance-grow-box-kit",
    name: "Abundance Grow Box Kit (2 m²)",
    category: "Grow box kits",
    price: 34900,
    stockQuantity: 10,
    summary:
      "Two square metres for families who want beans, courgettes, brassicas and greens together.",
    description: [
      "Two square metres lets you grow the big, generous crops: a courgette, climbing beans up the trellis, a row of brassicas under netting, and still have room for salad greens and herbs. It suits a family of four who want something from the garden most days.",
      "The bed is untreated macrocarpa, 2 m × 1 m and 30 cm deep, with a centre brace so the long sides stay straight when it is full of wet soil. The kit includes a 1.2 m trellis for the back edge and insect mesh with hoops to keep white butterfly off the brassicas.",
      "Plan on an afternoon to build and fill it. After that, 30 to 45 minutes a week keeps it going.",
    ].join("\n\n"),
    contents: [
      "Untreated macrocarpa bed, 2 m × 1 m × 30 cm, with a centre brace",
      "600 L of organic vegetable mix plus two 40 L bags of compost",
      "Twenty-four seasonal seedlings and four punnets of herbs",
      "Six seed packets for succession sowing",
      "2 kg slow-release organic fertiliser",
      "1.2 m trellis and fine insect mesh with four hoops",
      "Weed mat, planting grid and the season's planting card",
      "Stainless screws and a screwdriver",
    ],
  },
  {
    slug: "cherry-tomato-sweet-100-seeds",
    name: "Cherry Tomato 'Sweet 100' Seeds",
    category: "Seeds",
    price: 450,
    stockQuantity: 120,
    summary: "The easiest tomato there is: long trusses of small, very sweet fruit all summer.",
    description: [
      "'Sweet 100' is the tomato we give every beginner. It is forgiving, crops heavily from January until the first frost and the fruit is sweet enough for children to eat straight off the plant.",
      "Sow indoors on a warm windowsill from August to October, 5 mm deep, and plant out once the soil is warm, usually after Labour Weekend. Give each plant a 1.8 m stake and pinch out the side shoots every week.",
    ].join("\n\n"),
    contents: ["About 30 seeds", "Sow August to October indoors", "Harvest in 65 to 75 days"],
  },
  {
    slug: "cos-lettuce-seeds",
    name: "Cos Lettuce Seeds",
    category: "Seeds",
    price: 400,
    stockQuantity: 150,
    summary: "Crisp, upright heads that stand in the heat longer than most lettuces.",
    description: [
      "Cos is the lettuce for New Zealand summers: it is slower to bolt than butterhead and stays crunchy in the heat. Pick the outer leaves as you need them or cut the whole head.",
      "Sow a short row every three weeks from September to March for a steady supply. Seed sown in midsummer germinates best in the evening, in shade, kept moist.",
    ].join("\n\n"),
    contents: ["About 300 seeds", "Sow September to March", "Harvest in 55 to 70 days"],
  },
  {
    slug: "dwarf-bush-bean-seeds",
    name: "Dwarf Bush Bean Seeds",
    category: "Seeds",
    price: 450,
    stockQuantity: 90,
    summary: "Stringless beans on knee-high plants that need no staking.",
    description: [
      "Dwarf beans suit a small bed because they need no frame: sow them straight into warm soil, 5 cm deep and 15 cm apart, and pick from about eight weeks later. The more you pick, the more they make.",
      "Wait until the soil is warm to the touch in the morning, from late October in most of the country. Beans also feed the soil: leave the roots in the bed when the plants finish.",
    ].join("\n\n"),
    contents: ["About 40 seeds", "Sow October to January", "Harvest in 55 to 60 days"],
  },
  {
    slug: "rainbow-silverbeet-seeds",
    name: "Rainbow Silverbeet Seeds",
    category: "Seeds",
    price: 400,
    stockQuantity: 100,
    summary: "Red, gold and pink stems; one sowing crops for a year.",
    description: [
      "Silverbeet is the hardest-working plant in a Kiwi garden: it grows nearly all year in most regions and a few plants keep a household in greens. 'Rainbow' adds colour to the bed and the plate.",
      "Soak the seed overnight, sow 2 cm deep and thin to 30 cm apart. Harvest the outer stalks by twisting them off at the base and the plant keeps going.",
    ].join("\n\n"),
    contents: ["About 60 seeds", "Sow August to April", "Harvest from 8 weeks"],
  },
  {
    slug: "nantes-carrot-seeds",
    name: "Carrot 'Nantes' Seeds",
    category: "Seeds",
    price: 400,
    stockQuantity: 80,
    summary: "Sweet, blunt-ended carrots that grow well in a 30 cm deep grow box.",
    description: [
      "Nantes carrots are short and blunt, so they suit raised beds rather than heavy clay. Sow thinly straight where they are to grow: carrots do not transplant.",
      "Keep the seed bed damp for the two to three weeks they take to come up; a plank laid over the row for the first week helps. Thin to 5 cm apart and pull when the shoulders are 2 cm across.",
    ].join("\n\n"),
    contents: ["About 500 seeds", "Sow September to February", "Harvest in 70 to 80 days"],
  },
  {
    slug: "herb-seedling-trio",
    name: "Herb Seedling Trio",
    category: "Seedlings",
    price: 1290,
    stockQuantity: 40,
    summary: "Italian parsley, sweet basil and chives, ready to plant.",
    description: [
      "Three herbs you will use every week, grown in our Waikato nursery and sent as sturdy six-week-old seedlings in compostable pots.",
      "Plant parsley and chives any time; keep basil for the warm months and put it in the sunniest spot. Water them in well and pick little and often once they are growing.",
    ].join("\n\n"),
    contents: ["3 seedlings in 7 cm compostable pots", "Parsley, basil and chives"],
  },
  {
    slug: "salad-greens-seedling-punnet",
    name: "Salad Greens Seedling Punnet",
    category: "Seedlings",
    price: 890,
    stockQuantity: 45,
    summary: "Six mixed lettuces and rocket, for a salad in four weeks.",
    description: [
      "A punnet of six: green and red oakleaf lettuce, cos, and rocket. Plant them 25 cm apart and start picking the outer leaves about four weeks later.",
      "Lettuces like steady water. In summer, plant them where taller crops give them afternoon shade.",
    ].join("\n\n"),
    contents: ["6 seedlings in a recyclable punnet", "Oakleaf (green and red), cos, rocket"],
  },
  {
    slug: "strawberry-runners",
    name: "Strawberry Plants 'Camarosa' (4)",
    category: "Seedlings",
    price: 1690,
    stockQuantity: 3,
    summary: "Four rooted strawberry plants: the best-known variety in New Zealand.",
    description: [
      "'Camarosa' gives big, firm berries from late spring. Four plants fill one corner of a 1 m² bed.",
      "Plant in winter or early spring with the crown level with the soil, not buried. Mulch with pea straw as the fruit forms so the berries stay clean and the slugs have a harder time.",
    ].join("\n\n"),
    contents: ["4 bare-rooted plants", "Plant June to September", "Fruit from November"],
  },
  {
    slug: "tomato-seedlings",
    name: "Tomato Seedlings, Mixed (3)",
    category: "Seedlings",
    price: 1190,
    stockQuantity: 0,
    summary: "'Sweet 100', 'Money Maker' and 'Black Krim', grown on and hardened off.",
    description: [
      "Three tomato seedlings, already hardened off, so they can go straight into the bed once the soil is warm.",
      "Plant them deeper than they sat in the pot: tomatoes grow roots along the buried stem and stand up better to the wind. Stake them on planting day.",
    ].join("\n\n"),
    contents: ["3 seedlings in 9 cm pots", "Plant after Labour Weekend"],
  },
  {
    slug: "organic-vegetable-mix-40l",
    name: "Organic Vegetable Mix (40 L)",
    category: "Soil & compost",
    price: 1990,
    stockQuantity: 60,
    summary: "A free-draining, certified organic mix made for raised beds.",
    description: [
      "Our mix is composted bark, pumice and aged compost with a little sheep pellet and rock dust, made to drain freely in a raised bed while holding enough water through a hot week.",
      "Use it to fill a new bed or to top up an old one by 5 cm each spring; soil in a grow box settles and gets used up. Wear gloves and a mask when you open the bag, as you should with any potting mix.",
    ].join("\n\n"),
    contents: ["40 L bag", "BioGro certified", "Tops up a 1 m² bed by 4 cm"],
  },
  {
    slug: "worm-cast-compost-10l",
    name: "Worm-Cast Compost (10 L)",
    category: "Soil & compost",
    price: 1490,
    stockQuantity: 35,
    summary: "Pure vermicast: a gentle, slow feed that plants cannot be burned by.",
    description: [
      "Worm castings from a Canterbury worm farm fed on garden and food waste. A handful in each planting hole gives seedlings a strong start, and it is gentle enough to use on the most delicate seedlings.",
      "Side-dress hungry crops such as tomatoes and courgettes with a cupful each month through summer.",
    ].join("\n\n"),
    contents: ["10 L bag", "Enough for about 40 planting holes"],
  },
  {
    slug: "pea-straw-mulch",
    name: "Pea Straw Mulch Bale",
    category: "Soil & compost",
    price: 2490,
    stockQuantity: 20,
    summary: "Keeps soil cool and damp in summer and breaks down to feed it.",
    description: [
      "A compressed bale of pea straw covers about 4 m² to a depth of 5 cm. Mulching a grow box in summer roughly halves how often you water.",
      "Keep it a hand's width away from seedling stems, and top it up as it breaks down into the soil.",
    ].join("\n\n"),
    contents: ["Compressed bale, about 8 kg", "Covers about 4 m²"],
  },
  {
    slug: "slow-release-organic-fertiliser",
    name: "Slow-Release Organic Fertiliser (1 kg)",
    category: "Soil & compost",
    price: 1690,
    stockQuantity: 50,
    summary: "Blood and bone, seaweed and rock dust pellets that feed for three months.",
    description: [
      "A balanced pellet feed for vegetables: blood and bone for nitrogen, seaweed for trace elements and rock phosphate for roots. Sprinkle a handful per square metre every three months and rake it in.",
      "Store it sealed and out of reach of dogs, who find blood and bone irresistible.",
    ].join("\n\n"),
    contents: ["1 kg resealable bag", "Feeds a 1 m² bed for a year"],
  },
  {
    slug: "hand-trowel",
    name: "Stainless Hand Trowel",
    category: "Tools",
    price: 2490,
    stockQuantity: 30,
    summary: "A narrow stainless blade with depth markings and an ash handle.",
    description: [
      "The one tool you will use every time. The blade is marked in centimetres so you plant at the right depth, narrow enough for planting between seedlings and strong enough to lever out a dock root.",
      "Stainless steel does not rust if you leave it out overnight, which you will.",
    ].join("\n\n"),
    contents: ["Stainless steel blade, 14 cm", "FSC ash handle", "Depth markings to 12 cm"],
  },
  {
    slug: "watering-can-5l",
    name: "Watering Can (5 L)",
    category: "Tools",
    price: 2990,
    stockQuantity: 25,
    summary: "A long spout and fine rose that water seedlings without knocking them flat.",
    description: [
      "A 5 L can is light enough to carry full and waters a 1 m² bed in two trips. The removable brass rose gives a fine shower for seed beds; take it off to water the base of established plants.",
      "Water in the morning, at the roots, a deep soak every two or three days rather than a sprinkle every day.",
    ].join("\n\n"),
    contents: ["5 L recycled plastic can", "Removable brass rose"],
  },
  {
    slug: "garden-gloves",
    name: "Garden Gloves",
    category: "Tools",
    price: 1890,
    stockQuantity: 40,
    summary: "Breathable, washable gloves with a grippy coated palm.",
    description: [
      "Light gloves that keep potting mix off your hands (always wear gloves when handling it) while leaving your fingers free enough to tease out seedling roots.",
      "Machine washable at 30 °C. Sizes run true; most adults take a medium.",
    ].join("\n\n"),
    contents: ["One pair, size M", "Latex-free coated palm"],
  },
  {
    slug: "plant-labels",
    name: "Bamboo Plant Labels (20)",
    category: "Tools",
    price: 790,
    stockQuantity: 70,
    summary: "Write what you sowed and when; you will not remember in six weeks.",
    description: [
      "Twenty bamboo labels and a weatherproof pencil. Write the variety and sowing date on each, so you know which row is carrots before they come up.",
      "They compost when they are finished.",
    ].join("\n\n"),
    contents: ["20 bamboo labels, 15 cm", "Weatherproof pencil"],
  },
];

/** The demo catalogue, in display order. */
export function catalogueProducts(): NewProduct[] {
  return catalogue.map(({ slug, extraImages, ...rest }, i) => ({
    ...rest,
    id: slug,
    slug,
    images: img(slug, ...(extraImages ?? (rest.category === "Grow box kits" ? ["contents"] : []))),
    position: i,
  }));
}

let counter = 0;

/** A product for tests; every field can be overridden. */
export function buildProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  counter += 1;
  const slug =
    overrides.slug ??
    overrides.id ??
    `test-product-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    id: slug,
    slug,
    name: `Test product ${counter}`,
    summary: "A product made by a test.",
    description: "A product made by a test.",
    contents: [],
    price: 1000,
    category: "Tools",
    images: [],
    stockQuantity: 10,
    active: true,
    position: 100 + counter,
    ...overrides,
  };
}
