// The fixed site header (SPEC §2 "Site header"): transparent at the top, cream with a border once
// scrolled past 10 px; navigation, sign-in or user menu, the cart button, the mobile menu.
import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { paths } from "#app/lib/paths.ts";
import type { HeaderUser } from "#app/modules/accounts/accounts.schema.ts";
import { useHeaderUser } from "#app/modules/accounts/header-user.ts";
import { UserMenu } from "#app/modules/accounts/user-menu.tsx";
import { cartQuantity, useCart } from "#app/modules/cart/cart-store.ts";
import { Logo } from "#app/components/logo.tsx";
import { mainNav } from "./main-nav.ts";
import { MobileMenu } from "./mobile-menu.tsx";

export const SCROLL_THRESHOLD_PX = 10;

export function SiteHeader({
  brandName,
  knownUser,
  overDark = false,
}: {
  brandName: string;
  /** Who is signed in as the server knew it; undefined: not known (a public page, header-user.ts). */
  knownUser?: HeaderUser | null;
  /** The page opens on a dark picture (the home hero): light header text until scrolled. */
  overDark?: boolean;
}) {
  const user = useHeaderUser(knownUser);
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const quantity = useCart((s) => cartQuantity(s.items));
  const toggleCart = useCart((s) => s.toggleCart);
  const light = overDark && !scrolled && !menuOpen;

  // The stored cart is read after hydration, so server and browser render the same first markup.
  useEffect(() => {
    void useCart.persist.rehydrate();
  }, []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors duration-300 ${
        scrolled ? "border-ink/10 bg-cream shadow-sm" : "border-transparent bg-transparent"
      } ${light ? "bg-gradient-to-b from-ink/60 to-transparent text-white" : "text-ink"}`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
        {/* At 200 % on a phone (about 195 px) the brand's word gives way, so the cart and the
            menu button stay on screen (issue 39, WCAG 1.4.10). */}
        <Link
          to={paths.home}
          className="min-w-0 shrink overflow-hidden rounded-md"
          aria-label={`${brandName} home`}
        >
          <Logo brandName={brandName} className="max-[240px]:[&>span]:hidden" />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.home}
                  className={({ isActive }) =>
                    `rounded-full px-4 py-2 font-medium transition-colors ${
                      light ? "hover:bg-white/15" : "hover:bg-ink/5"
                    } ${isActive ? (light ? "underline underline-offset-8" : "text-leaf") : ""}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {user ? (
            <UserMenu user={user} light={light} />
          ) : (
            <>
              {/* Not known yet: the hint cookie's class on <html> picks one (app.css). */}
              <Link
                to={paths.auth}
                className={`btn-primary hidden min-h-10 px-5 py-2 md:inline-flex ${
                  user === undefined ? "guest-only" : ""
                }`}
              >
                Sign In
              </Link>
              {user === undefined && (
                <Link
                  to={paths.profile}
                  className={`member-only hidden min-h-10 items-center gap-2 rounded-full px-4 py-2 font-semibold md:inline-flex ${
                    light ? "hover:bg-white/15" : "hover:bg-ink/5"
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 items-center justify-center rounded-full bg-leaf text-white"
                  >
                    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
                      <circle cx="8" cy="5" r="3" />
                      <path d="M2 14a6 6 0 0 1 12 0Z" />
                    </svg>
                  </span>
                  Account
                </Link>
              )}
            </>
          )}
          <button
            type="button"
            data-replay="cart"
            onClick={() => toggleCart()}
            className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-ink/5"
            aria-label={
              quantity > 0 ? `Cart, ${quantity} ${quantity === 1 ? "item" : "items"}` : "Cart"
            }
            aria-haspopup="dialog"
          >
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              <path
                d="M6 7h12l-1.2 11.2a2 2 0 0 1-2 1.8H9.2a2 2 0 0 1-2-1.8L6 7Z"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <path
                d="M9 9V6a3 3 0 0 1 6 0v3"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            {quantity > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-clay-dark px-1 text-xs font-bold text-white"
              >
                {quantity}
              </span>
            )}
          </button>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-ink/5 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        brandName={brandName}
        user={user}
      />
    </header>
  );
}
