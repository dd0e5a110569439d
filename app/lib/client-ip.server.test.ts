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
  expect(resolveClientIp("10.0.0.1", "203.0.113.5, 10.0.0.1", true)).toBe("203.0.113.5");
  expect(resolveClientIp("10.0.0.1", "203.0.113.5", false)).toBe("10.0.0.1");
});
