// The CSP nonce of this render, handed from entry.server.tsx to the root layout's scripts.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
