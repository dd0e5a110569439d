// The one money formatter: integer cents in, en-US currency text out (SPEC §9: en-US, USD).
//
// US dollars, the spec's currency, are written out directly: the first Intl.NumberFormat a page
// makes loads the browser's currency data, about 25 ms of main thread on a mid-range phone while
// the page hydrates. Other currencies (the CURRENCY setting) go through Intl. The tests hold the
// two to the same output.
const formatters = new Map<string, Intl.NumberFormat>();

function intlFormat(cents: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, f);
  }
  return f.format(cents / 100);
}

function usd(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = String(abs % 100).padStart(2, "0");
  return `${cents < 0 && abs !== 0 ? "-" : ""}$${dollars}.${rest}`;
}

export function formatMoney(cents: number, currency = "USD"): string {
  return currency === "USD" && Number.isSafeInteger(Math.round(cents))
    ? usd(cents)
    : intlFormat(cents, currency);
}
