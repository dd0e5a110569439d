// Who is calling: the socket's address, or, behind TRUST_PROXY_HOPS proxies, the address the
// furthest of them saw (ADR 062). IPv6 clients are grouped by their /64, since one household or
// server gets a whole /64.
import { isIP, isIPv6 } from "node:net";

export function clientKey(ip: string): string {
  const bare = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!isIPv6(bare)) return bare;
  const expanded = expandIPv6(bare);
  return `${expanded.slice(0, 4).join(":")}::/64`;
}

function expandIPv6(ip: string): string[] {
  // Stryker disable next-line StringLiteral: split always gives a head; a tail default only fills groups after the /64
  const [head = "", tail = ""] = ip.split("::");
  const h = head ? head.split(":") : [];
  // Stryker disable next-line ArrayDeclaration: an empty tail only ever fills groups after the /64
  const t = tail ? tail.split(":") : [];
  // Stryker disable next-line StringLiteral: without "::" the groups already number eight, so nothing is missing either way
  const missing = ip.includes("::") ? 8 - h.length - t.length : 0;
  // Stryker disable next-line StringLiteral: an empty group pads to 0000 just as "0" does
  return [...h, ...Array<string>(missing).fill("0"), ...t].map((g) =>
    g.padStart(4, "0").toLowerCase(),
  );
}

/**
 * Each proxy appends the address it was called from to X-Forwarded-For, after whatever the client
 * wrote there; so only the rightmost `hops` entries are ours to believe, and the client is the
 * hops-th from the right (Express's `trust proxy` number, counting the socket's peer as the first
 * hop). With fewer entries than hops the furthest one given stands, as in Express. Something that
 * is no address at all was never written by a proxy of ours: the socket's peer stands instead.
 */
export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  const socket = socketAddress ?? "0.0.0.0";
  if (hops < 1 || !forwardedFor) return socket;
  const entries = forwardedFor.split(",").map((entry) => entry.trim());
  const seen = entries[Math.max(0, entries.length - hops)] ?? "";
  return isIP(seen) ? seen : socket;
}
