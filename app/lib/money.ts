// The one money formatter: integer cents in, en-US currency text out (SPEC §9: en-US, USD).
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = "USD"): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, f);
  }
  return f.format(cents / 100);
}
