// How a caller is keyed for rate limits (issue 17): one key per IPv4 address, one per IPv6 /64,
// however the address is written.
import { expect, test } from "vitest";
import { clientKey } from "./client-ip.server.ts";

test("an IPv6 address is keyed by its first four groups, padded and lower-cased", () => {
  expect(clientKey("2001:DB8:A:B:1:2:3:4")).toBe("2001:0db8:000a:000b::/64");
  // "::" in the middle, at the end and at the start stands for the missing zero groups.
  expect(clientKey("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
  expect(clientKey("2001:db8:1:2::")).toBe("2001:0db8:0001:0002::/64");
  expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
  expect(clientKey("::")).toBe("0000:0000:0000:0000::/64");
  expect(clientKey("fe80::1:2:3:4")).toBe("fe80:0000:0000:0000::/64");
  expect(clientKey("1:2:3::7:8")).toBe("0001:0002:0003:0000::/64");
});

test("every address in one /64 shares a key; the next /64 does not", () => {
  const key = clientKey("2001:db8:1:2::1");
  expect(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(key);
  expect(clientKey("2001:0db8:0001:0002:0:0:0:9")).toBe(key);
  expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
});

test("IPv4, bare or mapped into IPv6, is kept whole", () => {
  expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
  expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
});
