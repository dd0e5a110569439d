import { expect, test } from "vitest";
import { clientKey, resolveClientIp } from "./client-ip.server.ts";

test("IPv6 clients are grouped by their /64, IPv4 kept whole", () => {
  expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
  expect(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:0db8:0001:0002::/64");
  expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
  expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
  // A gap early in the address: the groups after it still land in their places.
  expect(clientKey("2001:db8::2:3:4:5:6")).toBe("2001:0db8:0000:0002::/64");
  expect(clientKey("2001:db8::2:3:4:5:6")).toBe(clientKey("2001:db8:0:2:ffff::1"));
  expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
});

test("forwarded addresses are believed only behind a trusted proxy", () => {
  expect(resolveClientIp("10.0.0.1", "203.0.113.5", 1)).toBe("203.0.113.5");
  expect(resolveClientIp("10.0.0.1", "203.0.113.5", 0)).toBe("10.0.0.1");
  expect(resolveClientIp(undefined, undefined, 0)).toBe("0.0.0.0");
  expect(resolveClientIp("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
});

test("the client is the address the nearest trusted proxy saw, never one the client wrote", () => {
  // One proxy appends the address it saw to whatever the client sent: the rightmost entry.
  expect(resolveClientIp("10.0.0.1", "6.6.6.6, 203.0.113.5", 1)).toBe("203.0.113.5");
  expect(resolveClientIp("10.0.0.1", "6.6.6.6,203.0.113.5", 1)).toBe("203.0.113.5");
  // Two (a CDN, then the load balancer): the second from the right; the client's own entries
  // before it change nothing.
  expect(resolveClientIp("10.0.0.1", "1.1.1.1, 6.6.6.6, 203.0.113.5, 10.0.0.2", 2)).toBe(
    "203.0.113.5",
  );
  // Fewer entries than proxies (one of them added none): the furthest one given, as Express does.
  expect(resolveClientIp("10.0.0.1", "203.0.113.5, 10.0.0.2", 3)).toBe("203.0.113.5");
  // An entry that is no address at all is not a client: the socket's peer stands instead.
  expect(resolveClientIp("10.0.0.1", "6.6.6.6, not-an-address", 1)).toBe("10.0.0.1");
  expect(resolveClientIp("10.0.0.1", " , ", 1)).toBe("10.0.0.1");
  expect(resolveClientIp("10.0.0.1", "6.6.6.6, 2001:db8::7", 1)).toBe("2001:db8::7");
});
