// Each fixed page's title and description, for search results and link previews, keyed by its
// path (app/lib/paths.ts): one table, so the words can be read and kept in step together.
export const PAGE_WORDS = {
  "/": {
    title: "Patch | Garden supplies delivered. We organise. You learn.",
    description:
      "Grow boxes and monthly garden supplies for beginner growers in New Zealand: seasonal seedlings, soil and reminders delivered, so you learn by growing.",
  },
  "/checkout": {
    title: "Checkout | Patch",
    description: "Pay for your Patch order and choose how it gets to you.",
  },
  "/define-garden": {
    title: "Tell us about your growing space | Patch",
    description:
      "Two minutes about your space, sun and time, and we'll recommend the Patch grow box that fits: 0.5 m², 1 m² or 2 m².",
  },
  "/post-checkout": {
    title: "Thank you for your order | Patch",
    description: "Your Patch order confirmation.",
  },
  "/subscribe": {
    title: "Start your subscription | Patch",
    description:
      "Choose your Patch plan, delivery week and New Zealand address, and your first monthly garden box is on its way. Free shipping.",
  },
  "/subscribe/confirmed": {
    title: "Your subscription has started | Patch",
    description: "Your Patch subscription confirmation: your first box's date and what is in it.",
  },
  "/gift": {
    title: "Gift a garden box | Patch",
    description:
      "Give 3, 6 or 12 months of Patch's monthly garden box: seasonal seedlings, seed and compost delivered with free shipping. Prepaid, and it never renews onto their card.",
  },
  "/gift/sent": {
    title: "Your gift is on its way | Patch",
    description: "Your Patch gift box receipt.",
  },
  "/gift/redeem": {
    title: "Redeem a gift box | Patch",
    description: "Enter your Patch gift code to start your prepaid garden boxes.",
  },
  "/products": {
    title: "Shop all products | Patch",
    description:
      "Grow box kits, seeds and seedlings, organic soil and compost, and the few tools a beginner really needs, chosen for New Zealand gardens.",
  },
  "/garden": {
    title: "Plan your garden | Patch",
    description:
      "Plan your grow box square by square: how many plants fit, which neighbours get on, and what is in season for your town's frosts. Free, printable, and saved to your Patch account.",
  },
  "/education/layouts": {
    title: "Planting layouts for 0.5 m², 1 m² and 2 m² grow boxes | Patch",
    description:
      "Square-by-square planting plans for each Patch grow box, summer and winter: how many plants per square, how far apart, and which crops grow well side by side. Printable on A4.",
  },
  "/education": {
    title: "Education hub: grow your own food in New Zealand | Patch",
    description:
      "Plain-English guides for beginner growers in New Zealand: what to sow and plant each month in your region, soil, slugs, strawberries, planting layouts and a planting calendar.",
  },
  "/calendar": {
    title: "Planting calendar for your region | Patch",
    description:
      "A year of sowing, planting and garden jobs for your New Zealand region, as Saturday-morning reminders in your phone's calendar. Subscribe or download an .ics file.",
  },
  "/product": {
    title: "Start your garden: grow box kits and plans | Patch",
    description:
      "Three grow box kits for New Zealand beginners (0.5 m², 1 m² and 2 m²) with the bed, soil, seedlings and a planting plan, plus monthly plans that keep the supplies coming.",
  },
  "/about": {
    title: "About Patch: who we are and how we choose your plants | Patch",
    description:
      "Patch is a New Zealand start-up that organises the seedlings, soil and timing for beginner growers: who we are, how your order reaches you and how we choose the plants.",
  },
  "/waitlist": {
    title: "Join the waitlist | Patch",
    description:
      "Patch is launching region by region across New Zealand. Join the waitlist and we'll tell you the day grow boxes and monthly supplies reach your area.",
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type FixedPagePath = keyof typeof PAGE_WORDS;
