// The main navigation, shared by the header and the mobile menu (apart from both, so neither
// imports the other).
export const mainNav = [
  { to: "/", label: "Home" },
  { to: "/education", label: "Education" },
  { to: "/products", label: "Products" },
  { to: "/waitlist", label: "Waitlist" },
] as const;
