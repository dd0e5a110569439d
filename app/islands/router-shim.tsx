// What the islands bundle gets for "react-router" (ADR 017; aliased in vite.islands.config.ts).
// An islands document is not hydrated by React Router, so the few router pieces its parts use are
// these: links render the same markup as React Router's own (the server rendered the page with the
// real ones, and hydration must match), and going somewhere loads the next document.
import {
  forwardRef,
  type AnchorHTMLAttributes,
  type FormHTMLAttributes,
  type ReactNode,
} from "react";

type To = string | { pathname?: string; search?: string; hash?: string };

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// React Router marks links and forms to its own routes for route discovery; the attribute is kept
// so the markup matches.
const discover = (target: string) => (ABSOLUTE.test(target) ? undefined : "true");

const href = (to: To) =>
  typeof to === "string"
    ? to
    : `${to.pathname ?? location.pathname}${to.search ?? ""}${to.hash ?? ""}`;

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  reloadDocument?: boolean;
  viewTransition?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace: _replace, reloadDocument: _reload, viewTransition: _transition, ...rest },
  ref,
) {
  return <a {...rest} ref={ref} href={href(to)} data-discover={discover(href(to))} />;
});

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

interface NavLinkProps extends Omit<LinkProps, "className" | "children"> {
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode;
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end, className, ...rest },
  ref,
) {
  const target = (href(to).split(/[?#]/)[0] ?? "/").toLowerCase();
  const path = location.pathname.toLowerCase();
  // As React Router's: "/" and `end` links match only their own path, others their subtree too.
  const isActive =
    end || target === "/" ? path === target : path === target || path.startsWith(`${target}/`);
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ") || undefined
      }
    />
  );
});

/** A plain form post: the server answers it as it does without JavaScript. */
export function Form({ method = "get", action, ...rest }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form
      method={method.toLowerCase() === "get" ? "get" : "post"}
      action={action}
      {...rest}
      data-discover={typeof action === "string" ? discover(action) : undefined}
    />
  );
}

export function useLocation() {
  const { pathname, search, hash } = location;
  return { pathname, search, hash, state: null, key: "default" };
}

export function useNavigate() {
  return (to: To, options?: { replace?: boolean }) =>
    options?.replace ? location.replace(href(to)) : location.assign(href(to));
}

/**
 * Submitting a form loads the next document, as the form would without JavaScript (the product
 * filter applies a changed select at once).
 */
export function useSubmit() {
  return async (target: HTMLFormElement, _options?: { preventScrollReset?: boolean }) => {
    target.requestSubmit();
  };
}

/** An island in an islands document is not inside a router: it fetches what it needs itself. */
export function useInRouterContext() {
  return false;
}

/** An islands document has no loader data to load again: its parts keep their own state. */
export function useRevalidator() {
  return { state: "idle" as const, revalidate: async () => {} };
}
