// The site footer (SPEC §2 "Footer"), with Gift a box, and a member's My box and My garden (issue 39;
// the footer is the same on a kept page, so the member hint's class on <html> shows those two).
import { Link } from "react-router";
import type { PublicSettings } from "#app/lib/env.server.ts";
import { Logo } from "#app/components/logo.tsx";
import { paths } from "#app/lib/paths.ts";
import { memberNav } from "#app/lib/member-nav.ts";

/** SPEC §2 footer tagline; its 'the brand' stands for the brand's name (BRAND_NAME). */
export function footerTagline(brandName: string): string {
  return `Sustainable gardening made simple. Begin your growing journey with ${brandName}.`;
}

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  const year = new Date().getFullYear();
  const tel = settings.contactPhone.replace(/[^+\d]/g, "");
  return (
    <footer className="mt-auto bg-ink text-cream">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo brandName={settings.brandName} />
          <p className="mt-4 max-w-xs text-cream/80">{footerTagline(settings.brandName)}</p>
        </div>
        <FooterColumn
          title="Shop"
          memberOnly={memberNav
            .filter((item) => item.to !== paths.gift)
            .map((item) => (
              <Link key={item.to} to={item.to}>
                {item.label}
              </Link>
            ))}
        >
          <Link to={paths.products}>All Products</Link>
          <Link to={paths.waitlist}>Join Waitlist</Link>
          <Link to={paths.gift}>Gift a box</Link>
        </FooterColumn>
        <FooterColumn title="Information">
          <Link to={paths.about}>About Us</Link>
          <Link to={paths.privacy}>Privacy Policy</Link>
          <Link to={paths.terms}>Terms of Service</Link>
          <Link to={paths.returns}>Returns and Guarantee</Link>
        </FooterColumn>
        <FooterColumn title="Contact">
          <a href={`tel:${tel}`}>{settings.contactPhone}</a>
          <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          <a href={settings.socialUrl} target="_blank" rel="noopener noreferrer">
            Follow us on Instagram
          </a>
        </FooterColumn>
      </div>
      <div className="border-t border-cream/15">
        <p className="container-page py-6 text-sm text-cream/70">
          © {year} {settings.brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({
  title,
  children,
  memberOnly = [],
}: {
  title: string;
  children: React.ReactNode;
  /** Shown once the browser knows someone is signed in (the member hint's class, app.css). */
  memberOnly?: React.ReactNode[];
}) {
  return (
    <div>
      <h2 className="font-sans text-sm font-bold tracking-widest text-sprout uppercase">{title}</h2>
      <ul className="mt-4 space-y-3">
        {(Array.isArray(children) ? children : [children]).map((child, i) => (
          <li key={i} className="[&>a]:underline-offset-4 [&>a:hover]:underline">
            {child}
          </li>
        ))}
        {memberOnly.map((child, i) => (
          <li key={`m${i}`} className="member-only [&>a]:underline-offset-4 [&>a:hover]:underline">
            {child}
          </li>
        ))}
      </ul>
    </div>
  );
}
