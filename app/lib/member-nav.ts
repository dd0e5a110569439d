// A signed-in member's own things (issue 39 §6), in the user menu, the mobile menu, the footer and
// the home page's next-box panel.
import { paths } from "./paths.ts";

export const memberNav = [
  { to: paths.profileSubscription, label: "My box" },
  { to: paths.garden, label: "My garden" },
  { to: paths.gift, label: "Gift a box" },
] as const;
