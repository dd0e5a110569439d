// A one-way fingerprint of a checkout attempt's key (SHA-256, hex), the same in the browser and
// on the server. The confirmation page carries this and never the key itself, whose holder could
// replace an unpaid order (ADR 021); the browser that placed the order hashes its own key and
// compares, to know the order is its own and empty its cart.
export async function attemptDigest(key: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}
