// Every public page, for sitemap.xml. Areas add theirs as they land.
const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

export function publicPaths(): string[] {
  return [
    "/",
    "/product",
    "/products",
    "/waitlist",
    "/education",
    "/education/legacy",
    "/education/what-is-patch",
    "/education/slug-patrol",
    "/education/soil-testing",
    "/education/strawberry-patch",
    "/education/inside-the-box",
    "/education/august-2025",
    "/education/june-2024",
    ...months.map((m) => `/education/monthly/${m}`),
    "/education/layouts",
    "/calendar",
    "/define-garden",
    "/privacy",
    "/terms",
  ];
}

/** Pages that are never indexed: personal, transactional or admin. */
export const PRIVATE_PREFIXES = [
  "/admin",
  "/auth",
  "/login",
  "/signup",
  "/profile",
  "/address",
  "/checkout",
  "/post-checkout",
  "/survey-complete",
  "/api/",
  "/_dev/",
];
