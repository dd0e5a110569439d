// `react-dom` in the browser builds (ADR 048, ADR 055): Preact's React layer, plus the resource
// hints React DOM has and Preact has not. They matter only in the server's render, which puts them
// in <head>; in the browser the page already has them, so here they do nothing.
import compat from "preact/compat";

export const { createPortal, flushSync, unstable_batchedUpdates, findDOMNode } = compat;
export default compat;

export function preload(_href: string, _options?: object): void {}
export function preconnect(_href: string, _options?: object): void {}
export function prefetchDNS(_href: string): void {}
