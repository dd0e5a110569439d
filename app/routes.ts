import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Pages a later piece of work fills in share one honest "coming soon" module, each with its own id.
const soon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx"),
  soon("product", "product"),
  soon("product/:id", "product-detail"),
  soon("products", "products"),
  route("education", "routes/education.tsx", { id: "education" }),
  route("education/legacy", "routes/education-article.tsx", { id: "education-legacy" }),
  route("education/what-is-patch", "routes/education-article.tsx", {
    id: "education-what-is-patch",
  }),
  route("education/slug-patrol", "routes/education-article.tsx", { id: "education-slug-patrol" }),
  route("education/august-2025", "routes/monthly-guide.tsx", { id: "education-august-2025" }),
  route("education/strawberry-patch", "routes/education-article.tsx", {
    id: "education-strawberry-patch",
  }),
  route("education/soil-testing", "routes/education-article.tsx", {
    id: "education-soil-testing",
  }),
  route("education/inside-the-box", "routes/education-article.tsx", {
    id: "education-inside-the-box",
  }),
  route("education/june-2024", "routes/monthly-guide.tsx", { id: "education-june-2024" }),
  route("education/monthly/:id", "routes/monthly-guide.tsx", { id: "education-monthly" }),
  route("education/layouts", "routes/planting-layouts.tsx", { id: "education-layouts" }),
  route("calendar", "routes/calendar.tsx", { id: "calendar" }),
  route("calendar.ics", "routes/calendar-feed.ts", { id: "calendar-feed" }),
  route("define-garden", "routes/define-garden.tsx"),
  route("survey-complete", "routes/survey-complete.tsx"),
  soon("checkout", "checkout"),
  soon("post-checkout", "post-checkout"),
  soon("profile", "profile"),
  soon("signup", "signup"),
  soon("address", "address"),
  route("waitlist", "routes/waitlist.tsx"),
  route("waitlist/confirm", "routes/waitlist-confirm.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("privacy", "routes/legal-page.tsx", { id: "privacy" }),
  route("terms", "routes/legal-page.tsx", { id: "terms" }),
  soon("auth", "auth"),
  soon("auth/callback", "auth-callback"),
  soon("login", "login"),
  soon("admin", "admin"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("_dev/crash", "routes/dev-crash.tsx"),
  route("_dev/mail", "routes/dev-mail.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
