// `react` in the browser builds (ADR 048, ADR 055): Preact's React layer, plus what React does
// that the layer does not, where this app relies on it.
import { options, type Ref, type VNode } from "preact";
import compat from "preact/compat";

export {
  Children,
  Component,
  Fragment,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  createFactory,
  createPortal,
  createRef,
  findDOMNode,
  flushSync,
  forwardRef,
  hydrate,
  isFragment,
  isMemo,
  isValidElement,
  lazy,
  memo,
  render,
  startTransition,
  unmountComponentAtNode,
  unstable_batchedUpdates,
  use,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} from "preact/compat";
export default compat;

// React Router calls `useOptimistic` only when a router is made with `useTransitions: true`,
// which this app never does; without it the hook's state is the state it is given.
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

// React chooses a <select>'s `defaultValue` option whatever component renders the options;
// Preact's layer only when the options are the select's own children (a select of
// `<RegionOptions />` would open on its first option). A select made in the browser has its
// value set once, after its options are in (refs run then). One the server sent is left alone:
// its chosen option is marked `selected` already, and a person may have changed it since.
const defaultsSet = new WeakSet<HTMLSelectElement>();
const nextVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  nextVnodeHook?.(vnode);
  const props = vnode.props as { defaultValue?: unknown; value?: unknown };
  if (vnode.type !== "select" || props.defaultValue == null || props.value != null) return;
  const wanted = String(props.defaultValue);
  const own = vnode.ref as Ref<HTMLSelectElement> | null | undefined;
  vnode.ref = (el: HTMLSelectElement | null) => {
    if (el && !defaultsSet.has(el)) {
      defaultsSet.add(el);
      const chosen = [...el.options].some((o) => o.value === wanted);
      if (chosen && !el.querySelector("option[selected]")) el.value = wanted;
    }
    if (typeof own === "function") own(el);
    else if (own) own.current = el;
  };
};
