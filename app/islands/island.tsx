// Islands (ADR 017): a page that opts in (`handle.islands`) is sent as plain server-rendered HTML
// in which only a few parts come alive in the browser, each hydrated on its own by
// app/islands/entry.client.tsx instead of the whole document by React Router. Elsewhere, and on a
// client-side navigation to such a page, <Island> renders its component as any other.
import { createContext, useContext, type ComponentType } from "react";
import type { islands, lazyIslands, pageIslands } from "./registry.ts";

type Loaded<T extends Record<string, () => Promise<unknown>>> = {
  [N in keyof T]: Awaited<ReturnType<T[N]>>;
};
type Components = typeof islands & Loaded<typeof pageIslands> & Loaded<typeof lazyIslands>;
export type IslandName = keyof Components;
type PropsOf<N extends IslandName> =
  Components[N] extends ComponentType<infer P> ? P & object : never;

/** The built islands script for this document, when its route is sent as islands. */
export interface IslandsDocument {
  /** The entry module's URL, and the modules it imports (preloaded with it). */
  entry: string;
  imports: string[];
}

/** Set by entry.server.tsx when the islands bundle is built (not in development). */
export const IslandsBuildContext = createContext<IslandsDocument | null>(null);
/** True inside a document sent as islands (set by the root layout). */
export const IslandsMode = createContext(false);

/**
 * A part of the page that is hydrated on its own in an islands document: its props go with it,
 * as JSON, for the browser to render it with. `lazy` ones render nothing on the server and are
 * made in the browser when first needed (the cart panel when the cart opens).
 */
export function Island<N extends IslandName>({
  name,
  component: Component,
  props,
  lazy = false,
}: {
  name: N;
  component: ComponentType<PropsOf<N>>;
  props: PropsOf<N>;
  lazy?: boolean;
}) {
  const Part = Component as ComponentType<object>;
  if (!useContext(IslandsMode)) return <Part {...props} />;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      {lazy ? null : <Part {...props} />}
    </div>
  );
}
