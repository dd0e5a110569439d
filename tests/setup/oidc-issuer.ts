// A real OpenID provider (oidc-provider) on a local port, standing in for Google in the tests:
// discovery, signed ID tokens, PKCE, and a login form where any name signs in.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type OidcContext } from "oidc-provider";

export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcIssuer(redirectUri: string): Promise<TestIssuer> {
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
        token_endpoint_auth_method: "client_secret_basic",
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
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    features: { devInteractions: { enabled: true } },
    // Consent is given once for all: the tests are about our side of the flow.
    loadExistingGrant: async (ctx: OidcContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile");
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

/** Signs in at the issuer as `login` and returns our callback URL the issuer redirects to. */
export async function signInAtIssuer(authorizeUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizeUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the issuer answered ${res.status} without a form:\n${html}`);
    const post = await fetch(new URL(action, url), {
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
