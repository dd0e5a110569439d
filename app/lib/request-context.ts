// What the server hands every loader and action besides the request: set by server/app.ts.
import { createContext } from "react-router";

export interface RequestInfo {
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  requestId: string;
  clientIp: string;
  /**
   * A public page as anyone gets it (app/lib/public-pages.ts): it may be kept and sent to other
   * visitors, so nothing on it may depend on who is signed in.
   */
  sharedPage: boolean;
}

export const requestInfo = createContext<RequestInfo>({
  nonce: "",
  requestId: "",
  clientIp: "0.0.0.0",
  sharedPage: false,
});

/**
 * Set by the server entry's handleError when a loader or action failed because the database is
 * down or restarting: server/app.ts then answers 503 with Retry-After and the "back in a moment"
 * page instead of the crash screen's 500.
 */
export const databaseOutage = createContext<{ down: boolean } | null>(null);
