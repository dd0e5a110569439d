// The one money formatter: integer cents in, currency text out (SPEC §9: en-US, USD).
//
// US dollars, the spec's currency, are said as such: "US$149.00", never a bare "$", which a New
// Zealander reads as NZ$ (issue 19). That is exactly what Intl writes for USD in en-NZ. They are
// written out directly: the first Intl.NumberFormat a page makes loads the browser's currency
// data, about 25 ms of main thread on a mid-range phone while the page hydrates. Other currencies
// (the CURRENCY setting) go through Intl's en-US formatting and keep its symbol ("NZ$5.00"). The
// tests hold the fast path to Intl's output.
const formatters = new Map<string, Intl.NumberFormat>();

function intlFormat(cents: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    // en-NZ says "US$" for US dollars; every other currency keeps en-US's symbol.
    f = new Intl.NumberFormat(currency === "USD" ? "en-NZ" : "en-US", {
      style: "currency",
      currency,
    });
    formatters.set(currency, f);
  }
  return f.format(cents / 100);
}

function usd(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = String(abs % 100).padStart(2, "0");
  return `${cents < 0 && abs !== 0 ? "-" : ""}US$${dollars}.${rest}`;
}

export function formatMoney(cents: number, currency = "USD"): string {
  return currency === "USD" && Number.isSafeInteger(Math.round(cents))
    ? usd(cents)
    : intlFormat(cents, currency);
}
