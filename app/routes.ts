import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Pages a later piece of work fills in share one honest "coming soon" module, each with its own id.
const soon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx"),
  soon("product", "product"),
  soon("product/:id", "product-detail"),
  soon("products", "products"),
  soon("education", "education"),
  soon("education/legacy", "education-legacy"),
  soon("education/what-is-patch", "education-what-is-patch"),
  soon("education/slug-patrol", "education-slug-patrol"),
  soon("education/august-2025", "education-august-2025"),
  soon("education/strawberry-patch", "education-strawberry-patch"),
  soon("education/soil-testing", "education-soil-testing"),
  soon("education/inside-the-box", "education-inside-the-box"),
  soon("education/june-2024", "education-june-2024"),
  soon("education/monthly/:id", "education-monthly"),
  soon("define-garden", "define-garden"),
  soon("survey-complete", "survey-complete"),
  soon("checkout", "checkout"),
  soon("post-checkout", "post-checkout"),
  soon("profile", "profile"),
  soon("signup", "signup"),
  soon("address", "address"),
  soon("waitlist", "waitlist"),
  soon("privacy", "privacy"),
  soon("terms", "terms"),
  soon("auth", "auth"),
  soon("auth/callback", "auth-callback"),
  soon("login", "login"),
  soon("admin", "admin"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("_dev/crash", "routes/dev-crash.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
