// Every page's path, in one place (after Bulletproof React's config/paths.ts): links, redirects,
// the sitemap, the page cache's list of public pages and the tests name pages through here, so a
// page that moves changes here and nowhere else. Paths with a parameter are builders. Which
// education slugs exist is the content's to say (app/modules/guidance/list-education-pages.server.ts).
export const paths = {
  home: "/",
  product: "/product",
  productDetail: (id: string) => `/product/${encodeURIComponent(id)}`,
  products: "/products",
  about: "/about",
  education: "/education",
  /** An article or a dated monthly issue: /education/slug-patrol, /education/june-2024. */
  educationPage: (slug: string) => `/education/${slug}`,
  monthlyGuide: (month: string) => `/education/monthly/${encodeURIComponent(month)}`,
  plantingLayouts: "/education/layouts",
  calendar: "/calendar",
  /** The garden editor (issue 23): free for anyone, saved to the account when signed in. */
  garden: "/garden",
  calendarFeed: "/calendar.ics",
  defineGarden: "/define-garden",
  surveyComplete: (query: string) => `/survey-complete?${query}`,
  checkout: "/checkout",
  postCheckout: (orderId: string) => `/post-checkout?order=${encodeURIComponent(orderId)}`,
  profile: "/profile",
  /** The member's own subscription: next box, skip, pause, plan, address, card, cancel (issue 21). */
  profileSubscription: "/profile/subscription",
  /** The member's calendar feed, texts and e-mails (issue 7, issue 23's monthly garden e-mail). */
  profileReminders: "/profile/reminders",
  /** The member's questions to a coach, and the ask form (issue 41, ADR 070). */
  coach: "/coach",
  /** The ask form, prefilled from where the member came (a garden square, the next box, a guide). */
  coachAsk: (from: Record<string, string | number | undefined> = {}) => {
    const query = new URLSearchParams({ ask: "1" });
    for (const [k, v] of Object.entries(from)) if (v !== undefined) query.set(k, String(v));
    return `/coach?${query.toString()}#ask`;
  },
  coachThread: (id: string) => `/coach/${encodeURIComponent(id)}`,
  /** A photo in a coaching thread; a signed link's key rides along for a visitor not signed in. */
  coachPhoto: (id: string, key?: string) =>
    `/coach/photos/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ""}`,
  /** The signed-in member's next box, as JSON for the home page (issue 39). */
  memberHome: "/profile/home.json",
  signup: "/signup",
  login: "/login",
  auth: "/auth",
  address: "/address",
  waitlist: "/waitlist",
  /** Where a share link lands (issue 39): the waitlist, greeting the friend by who invited them. */
  waitlistInvited: (code: string) => `/waitlist?invite=${encodeURIComponent(code)}`,
  /**
   * Starting a subscription (issue 21), with a plan chosen when there is one, and a launch wave's
   * region (ADR 041) for a member whose saved address has none.
   */
  subscribe: (plan?: string, region?: string) => {
    const query = new URLSearchParams();
    if (plan) query.set("plan", plan);
    if (region) query.set("region", region);
    const search = query.toString();
    return search ? `/subscribe?${search}` : "/subscribe";
  },
  /** A launch wave's claim link (ADR 041). */
  waitlistClaim: "/waitlist/claim",
  subscribeConfirmed: (id: string) => `/subscribe/confirmed?subscription=${encodeURIComponent(id)}`,
  /** Buying a gift box for someone else (issue 22, ADR 043). */
  gift: "/gift",
  /** The buyer's confirmation of a gift, and Stripe's return address for its payment. */
  giftSent: (id: string) => `/gift/sent?gift=${encodeURIComponent(id)}`,
  /** Redeeming a gift code; the recipient's e-mail links here with the code. */
  /** The buyer's own page for a gift (ADR 076), opened by the receipt e-mail's signed link. */
  giftManage: (id: string, key: string) =>
    `/gift/manage/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`,
  /** The printable card for a gift, with its code and message (the same signed key). */
  giftCard: (id: string, key: string) =>
    `/gift/manage/${encodeURIComponent(id)}/card?key=${encodeURIComponent(key)}`,
  giftRedeem: (code?: string) =>
    code ? `/gift/redeem?code=${encodeURIComponent(code)}` : "/gift/redeem",
  privacy: "/privacy",
  terms: "/terms",
  /** Returns and the healthy-seedlings guarantee (content/legal/returns.md). */
  returns: "/returns",
  admin: "/admin",
  adminOrders: "/admin/orders",
  adminOrder: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  adminProducts: "/admin/products",
  adminProductNew: "/admin/products/new",
  adminProduct: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  /** An uploaded product picture's base path; its files add -{400,800}.{avif,webp}. */
  productPicture: (name: string) => `/uploads/products/${name}`,
  adminWaitlist: "/admin/waitlist",
  adminUsers: "/admin/users",
  adminTips: "/admin/tips",
  adminSubscriptions: "/admin/subscriptions",
  adminSubscription: (id: string) => `/admin/subscriptions/${encodeURIComponent(id)}`,
  adminCredits: "/admin/credits",
  adminMoney: "/admin/money",
  adminSuppressions: "/admin/suppressions",
  adminGifts: "/admin/gifts",
  adminGift: (id: string) => `/admin/gifts/${encodeURIComponent(id)}`,
  adminCoach: "/admin/coach",
  adminCoachThread: (id: string) => `/admin/coach/${encodeURIComponent(id)}`,
  adminCoachReplies: "/admin/coach/replies",
  adminCoachFaq: "/admin/coach/faq",
  sitemap: "/sitemap.xml",
} as const;

/**
 * The public pages without a parameter, the same for every visitor: all are in the sitemap;
 * `shared` ones may also be kept and sent to anyone by the page cache (app/lib/public-pages.ts).
 */
export const PUBLIC_PAGES: readonly { path: string; shared: boolean }[] = [
  { path: paths.home, shared: true },
  { path: paths.product, shared: true },
  { path: paths.products, shared: true },
  { path: paths.waitlist, shared: true },
  // Its form carries a key made for each visit (a retried submit pays once): never kept.
  { path: paths.gift, shared: false },
  { path: paths.about, shared: true },
  { path: paths.education, shared: true },
  { path: paths.plantingLayouts, shared: true },
  { path: paths.calendar, shared: true },
  // Opened from a signed link whose token the page reads: never kept.
  { path: paths.defineGarden, shared: false },
  { path: paths.privacy, shared: true },
  { path: paths.terms, shared: true },
  { path: paths.returns, shared: true },
];

/**
 * The public pages with a parameter, as patterns for the page cache: a product, an article or
 * dated issue, a monthly guide (an unknown slug answers 404 there, which is the same for everyone).
 */
export const PUBLIC_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/product\/[\w-]+$/,
  /^\/education\/[\w-]+$/,
  /^\/education\/[\w-]+\/[\w-]+$/,
];

/**
 * Pages that are never indexed (robots.txt): personal, transactional or admin. /checkout and
 * /subscribe are not (ADR 057): a crawler sees the steps, the plans and the sign-up card, as any
 * stranger does; what follows /subscribe/ (the confirmation) is one member's.
 */
export const PRIVATE_PREFIXES = [
  paths.admin,
  paths.auth,
  paths.login,
  paths.signup,
  paths.profile,
  paths.address,
  "/post-checkout",
  "/subscribe/",
  "/gift/",
  "/survey-complete",
  "/coach",
  "/api/",
  "/_dev/",
];
