import { cookieHeaders } from "#app/lib/outcome.ts";
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// The stylesheet is rendered with a precedence, so React puts it in <head> ahead of the module
// preloads: the page paints once the CSS is in, without waiting behind 120 KB of JavaScript.
import appCss from "./app.css?url";
import { CartPanel } from "#app/shell/cart-panel.tsx";
import { DeferredScripts } from "#app/components/deferred-scripts.tsx";
import { PressReplay } from "#app/components/press-replay.tsx";
import { CrashScreen, NotFoundScreen } from "#app/components/error-screens.tsx";
import { RouteProgress } from "#app/components/route-progress.tsx";
import { Toasts } from "#app/components/ui/toasts.tsx";
import { SiteFooter } from "#app/shell/site-footer.tsx";
import { SiteHeader } from "#app/shell/site-header.tsx";
import { publicSettings, settings, type PublicSettings } from "#app/lib/env.server.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { readToast } from "#app/lib/toast.server.ts";
import {
  hasMemberHint,
  MEMBER_HINT_SCRIPT,
  memberHintCookie,
} from "#app/modules/accounts/header-user.ts";
import { signedInUser } from "#app/modules/accounts/signed-in-user.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // A public page may be kept and sent to anyone (app/lib/public-pages.ts): there the browser
  // fills in who is signed in (app/modules/accounts/header-user.ts); undefined means "ask".
  const { sharedPage } = context.get(requestInfo);
  const [{ toast, setCookie }, { user, cookies }] = await Promise.all([
    readToast(request),
    sharedPage ? { user: undefined, cookies: [] } : signedInUser(request),
  ]);
  const headers = cookieHeaders(setCookie ? [setCookie, ...cookies] : cookies);
  // The member hint follows what the server knows (app/modules/accounts/header-user.ts).
  if (user !== undefined && (user !== null) !== hasMemberHint(request.headers.get("cookie"))) {
    headers.append(
      "Set-Cookie",
      memberHintCookie(user !== null, settings().siteUrl.startsWith("https:")),
    );
  }
  return data({ settings: publicSettings(settings()), toast, user }, { headers });
}

const fallbackSettings: PublicSettings = {
  siteUrl: "",
  brandName: "Patch",
  contactEmail: "hello@patch.nz",
  contactPhone: "",
  socialUrl: "",
  shopUrl: "/products",
  surveyUrl: "/define-garden",
  currency: "USD",
};

interface RouteHandle {
  /** The page opens on a dark picture: the header starts with light text. */
  headerOverDark?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const s = rootData?.settings ?? fallbackSettings;
  const nonce = useNonce();
  const handles = useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
  // Marks when React has taken over the page: the press script (ADR 030) then replays what was
  // pressed before, and styles and the e2e tests tell before from after.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-NZ">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7ee" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MEMBER_HINT_SCRIPT }} />
        {/* Presses made before hydration are kept and replayed after it (ADR 030). */}
        <PressReplay nonce={nonce} />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader
          brandName={s.brandName}
          knownUser={rootData?.user}
          overDark={handles.some((h) => h.headerOverDark)}
        />
        <RouteProgress />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter settings={s} />
        <CartPanel currency={s.currency} />
        <Toasts toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The failed route's meta isn't rendered here (the boundary is the root's), so the title is
  // the boundary's own; React puts it in <head>.
  const brandName = useRouteLoaderData<typeof loader>("root")?.settings.brandName ?? "Patch";
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`Page not found | ${brandName}`}</title>
        <meta name="robots" content="noindex" />
        <NotFoundScreen />
      </>
    );
  }
  return (
    <>
      <title>{`Something went wrong | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <CrashScreen />
    </>
  );
}
