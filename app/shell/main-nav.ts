// The main navigation, shared by the header and the mobile menu (apart from both, so neither
// imports the other).
import { paths } from "#app/lib/paths.ts";

export const mainNav = [
  { to: paths.home, label: "Home" },
  { to: paths.education, label: "Education" },
  { to: paths.products, label: "Products" },
  { to: paths.waitlist, label: "Waitlist" },
] as const;

export { memberNav } from "#app/lib/member-nav.ts";
