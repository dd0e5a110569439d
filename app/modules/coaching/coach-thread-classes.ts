// The coach's thread page's panel and field looks, shared by its parts.
export const panel = "rounded-2xl bg-white p-5 shadow-sm [overflow-wrap:anywhere]";
export const field =
  "mt-1 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";
