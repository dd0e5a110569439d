// The guides' climate zones live in app/lib/climate-zones.ts, where subscriptions (whose boxes are
// chosen by zone) can read them too; this name stays for the guidance area's own imports.
export * from "#app/lib/climate-zones.ts";
