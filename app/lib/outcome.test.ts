// One way to answer (issue 18, part 3): the status table, the field errors rule, the headers an
// outcome carries, and respond() turning an outcome into a page or a redirect with a toast.
import { expect, test } from "vitest";
import { z } from "zod";
import { setSettings } from "./env.server.ts";
import {
  combineHeaders,
  cookieHeaders,
  failure,
  fieldErrors,
  outcomeHeaders,
  statusOf,
} from "./outcome.ts";
import { formStatusOf, respond } from "./respond.server.ts";
import { testSettings } from "#tests/setup/test-database.ts";

test("each failure code has its status; a success is 200", () => {
  expect(statusOf({ ok: true })).toBe(200);
  expect(statusOf(failure("invalid", "Please check the form"))).toBe(400);
  expect(statusOf(failure("not-found", "No such order"))).toBe(404);
  expect(statusOf(failure("limited", "Please try again in 2 minutes."))).toBe(429);
  expect(statusOf(failure("unavailable", "Try again soon"))).toBe(503);
});

test("field errors: the first message per field, keyed as the form names them", () => {
  const schema = z.object({
    email: z.string().email("Please enter a valid email address").min(20, "too short"),
    address: z.object({ postcode: z.string().regex(/^\d{4}$/, "Four digits") }),
  });
  const result = schema.safeParse({ email: "nope", address: { postcode: "12" } });
  if (result.success) throw new Error("expected a failed parse");
  expect(fieldErrors(result.error)).toEqual({
    email: "Please enter a valid email address",
    address: "Four digits",
  });
  // A form that names nested fields by their last part, and leaves out what it doesn't show.
  expect(
    fieldErrors(result.error, (path) => (path[0] === "address" ? String(path[1]) : undefined)),
  ).toEqual({ postcode: "Four digits" });
  const whole = z
    .object({ a: z.string() })
    .refine(() => false, "Something about the whole form")
    .safeParse({ a: "x" });
  expect(whole.success ? {} : fieldErrors(whole.error)).toEqual({
    form: "Something about the whole form",
  });
});

test("headers: every cookie is kept, Retry-After rounds up, later plain headers win", () => {
  const headers = combineHeaders(
    cookieHeaders(["a=1; Path=/", "b=2; Path=/"]),
    { "Cache-Control": "no-store" },
    outcomeHeaders({ cookies: ["c=3; Path=/"], retryAfter: 11.2 }),
    null,
    { "Cache-Control": "private" },
  );
  expect(headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/", "c=3; Path=/"]);
  expect(headers.get("Retry-After")).toBe("12");
  expect(headers.get("Cache-Control")).toBe("private");
  expect(outcomeHeaders({}).has("Retry-After")).toBe(false);
});

test("respond: a refused form is its page under its failure's status, a limit 429 with Retry-After, an outage 503", async () => {
  const request = new Request("https://patch.test/profile", { method: "POST" });
  const refused = await respond(request, failure("invalid", "Please check the form"), { x: 1 });
  expect(refused.init?.status).toBe(400);
  expect(formStatusOf(failure("unauthorized", "Wrong password"))).toBe(401);
  expect(formStatusOf(failure("conflict", "Taken"))).toBe(409);
  expect(formStatusOf({ ok: false })).toBe(400);
  expect(refused.data).toEqual({ x: 1 });
  const limited = await respond(request, failure("limited", "Wait", { retryAfter: 60 }), {});
  expect(limited.init?.status).toBe(429);
  expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("60");
  expect(formStatusOf(failure("unavailable", "Down"))).toBe(503);
  const saved = await respond(request, { ok: true, cookies: ["s=1; Path=/"] }, { saved: true });
  expect(saved.init?.status).toBe(200);
  expect(new Headers(saved.init?.headers).getSetCookie()).toEqual(["s=1; Path=/"]);
});

test("respond: a success with somewhere to go redirects, its message carried as a toast cookie", async () => {
  setSettings(testSettings());
  const request = new Request("https://patch.test/profile", { method: "POST" });
  const thrown = await respond(
    request,
    { ok: true, message: "Signed out successfully", cookies: ["session=; Max-Age=0"] },
    {},
    { redirectTo: "/" },
  ).catch((e: unknown) => e);
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  const cookies = response.headers.getSetCookie();
  expect(cookies[0]).toBe("session=; Max-Age=0");
  expect(cookies.some((c) => c.startsWith("flash="))).toBe(true);
  const quiet = await respond(request, { ok: true }, {}, { redirectTo: "/profile" }).catch(
    (e: unknown) => e as Response,
  );
  expect((quiet as Response).headers.get("Location")).toBe("/profile");
  expect((quiet as Response).headers.getSetCookie()).toEqual([]);
});
