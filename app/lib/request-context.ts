// What the server hands every loader and action besides the request: set by server/app.ts.
import { createContext } from "react-router";

export interface RequestInfo {
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  requestId: string;
  clientIp: string;
}

export const requestInfo = createContext<RequestInfo>({
  nonce: "",
  requestId: "",
  clientIp: "0.0.0.0",
});
