// The full-screen menu under 768 px (SPEC §2): Home, Education, Products, Waitlist, Start Your
// Garden, Sign In (or the 'Signed in as' block, with a member's My box, My garden and Gift a box,
// issue 39), and Cart.
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import type { HeaderUser } from "#app/modules/accounts/accounts.schema.ts";
import { SignOutForm } from "#app/modules/accounts/user-menu.tsx";
import { Logo } from "#app/components/logo.tsx";
import { mainNav, memberNav } from "./main-nav.ts";
import { CloseButton } from "#app/components/ui/close-button.tsx";

export function MobileMenu({
  open,
  onClose,
  brandName,
  user,
}: {
  open: boolean;
  onClose: () => void;
  brandName: string;
  /** undefined: not known yet (header-user.ts). */
  user: HeaderUser | null | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Following a link closes the menu.
  useEffect(() => {
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <dialog
      id="mobile-menu"
      ref={dialog}
      aria-label="Menu"
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-cream p-0 text-ink backdrop:bg-transparent md:hidden"
    >
      {/* Its contents exist only while it is open: every page renders and hydrates a dozen fewer
          elements and links it would never show. */}
      {open && (
        <div className="flex h-full flex-col">
          <div className="container-page flex h-16 items-center justify-between">
            <Logo brandName={brandName} />
            <CloseButton label="Close menu" onClick={onClose} />
          </div>
          <nav aria-label="Mobile" className="container-page flex flex-1 flex-col gap-2 py-6">
            {mainNav.map((item) => (
              <Link key={item.to} to={item.to} className="py-3 font-serif text-3xl font-semibold">
                {item.label}
              </Link>
            ))}
            <Link to={paths.product} className="btn-primary mt-6 text-lg">
              Start Your Garden
            </Link>
            <Link
              to={paths.defineGarden}
              className="py-2 text-center font-semibold text-leaf underline underline-offset-4"
            >
              Which box suits my space?
            </Link>
            <div className="mt-auto flex flex-col gap-3 border-t border-ink/10 pt-6">
              {user ? (
                <div className="flex flex-col gap-3" data-testid="signed-in-as">
                  <p className="text-sm text-ink/70">Signed in as</p>
                  <div>
                    <p className="truncate font-semibold">{user.displayName}</p>
                    <p className="truncate text-sm text-ink/70">{user.email}</p>
                  </div>
                  <MemberLinks />
                  <Link to={paths.profile} className="btn-secondary">
                    My Profile
                  </Link>
                  <SignOutForm label="Logout" className="btn-light w-full border border-ink/10" />
                </div>
              ) : (
                <>
                  <Link
                    to={paths.auth}
                    className={`btn-secondary ${user === undefined ? "guest-only" : ""}`}
                  >
                    Sign In
                  </Link>
                  {user === undefined && (
                    <>
                      <MemberLinks className="member-only" />
                      <Link to={paths.profile} className="btn-secondary member-only">
                        My Profile
                      </Link>
                    </>
                  )}
                </>
              )}
              <Link to={paths.checkout} className="btn-light border border-ink/10">
                Cart
              </Link>
            </div>
          </nav>
        </div>
      )}
    </dialog>
  );
}

/** My box, My garden, Gift a box: one row of three, so the block stays short at 200 %. */
function MemberLinks({ className = "" }: { className?: string }) {
  return (
    <ul aria-label="Your things" className={`flex flex-wrap gap-x-6 gap-y-1 ${className}`}>
      {memberNav.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="inline-block py-2 font-semibold text-leaf underline underline-offset-4"
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
