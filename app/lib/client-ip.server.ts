// Who is calling: the socket's address, or the first forwarded hop when we sit behind a proxy.
// IPv6 clients are grouped by their /64, since one household or server gets a whole /64.
import { isIPv6 } from "node:net";

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

export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const first = forwardedFor.split(",")[0]?.trim();
    if (first) return first;
  }
  return socketAddress ?? "0.0.0.0";
}
