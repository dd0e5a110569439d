// The few parts of oidc-provider (no bundled types) the local OpenID issuer in the tests uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      provider: Provider;
    };
  }
  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (init: { clientId?: string; accountId?: string }) => GrantInstance;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
  export type { OidcContext };
  export default Provider;
}
