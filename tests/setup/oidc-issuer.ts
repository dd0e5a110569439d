// A real OpenID provider (oidc-provider) on a local port, standing in for Google or Apple in the
// tests: discovery, signed ID tokens, PKCE, and a login form where any name signs in. As Apple, it
// answers by form POST and takes the client secret in the token request's body.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type OidcContext } from "oidc-provider";

export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcIssuer(
  redirectUri: string,
  as: "google" | "apple" = "google",
): Promise<TestIssuer> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "patch-test-client";
  const clientSecret = "patch-test-client-secret-0123456789abcdef";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: as === "apple" ? "client_secret_post" : "client_secret_basic",
      },
    ],
    // The login name is the account: "<name>" signs in as <name>@example.nz, e-mail verified.
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@example.nz`,
        email_verified: !sub.startsWith("unverified"),
        name: sub.replace(/[.-]/g, " "),
      }),
    }),
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
      // Apple's own scope for the person's name.
      name: ["name"],
    },
    scopes: ["openid", "email", "profile", "name"],
    features: { devInteractions: { enabled: true } },
    // Consent is given once for all: the tests are about our side of the flow.
    loadExistingGrant: async (ctx: OidcContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile name");
      await grant.save();
      return grant;
    },
    cookies: { keys: ["patch-test-oidc-cookie-key"] },
    pkce: { required: () => true },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A cookie jar by name, enough for following one sign-in's redirects. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Where the issuer sends the browser back: a redirect, or (form_post) a form it submits. */
export type IssuerAnswer =
  { method: "GET"; url: string } | { method: "POST"; url: string; body: URLSearchParams };

/** Signs in at the issuer as `login` and returns how the browser would come back to us. */
export async function signInAtIssuerFor(
  authorizeUrl: string,
  login: string,
): Promise<IssuerAnswer> {
  const jar = new CookieJar();
  const issuerOrigin = new URL(authorizeUrl).origin;
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(issuerOrigin)) return { method: "GET", url: next };
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the issuer answered ${res.status} without a form:\n${html}`);
    const target = new URL(action.replace(/&amp;/g, "&"), url);
    if (target.origin !== issuerOrigin) {
      // response_mode=form_post: the page posts its hidden fields to our callback.
      const body = new URLSearchParams();
      for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
        body.set(m[1]!, m[2]!.replace(/&amp;/g, "&"));
      }
      return { method: "POST", url: target.toString(), body };
    }
    const post = await fetch(target, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }),
    });
    jar.store(post);
    url = new URL(post.headers.get("location")!, url).toString();
  }
  throw new Error("too many redirects at the issuer");
}

/** Signs in at the issuer as `login` and returns our callback URL the issuer redirects to. */
export async function signInAtIssuer(authorizeUrl: string, login: string): Promise<string> {
  const answer = await signInAtIssuerFor(authorizeUrl, login);
  if (answer.method !== "GET") throw new Error("the issuer answered by form POST");
  return answer.url;
}
