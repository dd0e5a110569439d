// The HTTP layer as a visitor meets it (issue 17): the development pages open only with the key
// the server printed at start, personal pages are never cached, and a form post refused by a
// limit says when to try again.
import { baseUrl, expect, mailboxUrl, test } from "./fixtures.ts";
import { signedInAdmin, signedInMember, uniqueEmail, waitForMail } from "./members.ts";

test("a stranger gets the 404 page from the mailbox and the crash page", async () => {
  const key = new URL(mailboxUrl()).searchParams.get("key");
  expect(key).toMatch(/^[\w-]{43}$/);
  for (const path of [
    "/_dev/mail",
    "/_dev/crash",
    "/_dev/mail?key=guessed",
    `/_dev/mail?key=${key!.slice(0, -1)}`,
  ]) {
    const res = await fetch(baseUrl() + path, {
      headers: { cookie: "patch.dev-tools=guessed" },
      redirect: "manual",
    });
    expect(res.status, path).toBe(404);
    const html = await res.text();
    expect(html, path).toMatch(/We couldn(&#x27;|')t find that page/);
    expect(html, path).not.toContain("Dev mailbox");
  }
});

test("the printed mailbox link opens the mailbox, keeps its key in a strict cookie and leaves the address bar", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("mailbox");
  const joined = await fetch(`${baseUrl()}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify({ email, region: "Otago" }),
  });
  expect(joined.status).toBe(201);
  await waitForMail(email, /./);

  await page.goto(mailboxUrl());
  expect(page.url()).toBe(`${baseUrl()}/_dev/mail`);
  await page.getByRole("heading", { name: "Dev mailbox" }).waitFor();
  await page.getByText(`to ${email}`).first().waitFor();
  const [cookie] = (await context.cookies()).filter((c) => c.name === "patch.dev-tools");
  expect(cookie).toMatchObject({ path: "/_dev", httpOnly: true, sameSite: "Strict", secure: true });
  // The cookie alone opens it again, and nothing else on the site carries it.
  await page.goto("/_dev/mail");
  await page.getByRole("heading", { name: "Dev mailbox" }).waitFor();
});

test("personal pages are private and never stored, signed in or not; public pages aren't", async ({
  page,
  context,
}) => {
  const personal = [
    "/profile",
    "/address",
    "/checkout",
    "/post-checkout",
    "/login",
    "/signup",
    "/auth",
    "/admin",
    "/admin/orders",
    "/admin/products",
    "/admin/users",
  ];
  for (const path of personal) {
    const res = await fetch(baseUrl() + path, { redirect: "manual" });
    expect(res.headers.get("cache-control"), path).toBe("private, no-store");
  }
  // As the people they are for see them: a member's profile and address, an admin's pages.
  await signedInMember(page, "cache");
  // Its session cookie is Secure: Chromium keeps Secure cookies on http://localhost too.
  const session = (await context.cookies()).find((c) => c.name.endsWith("patch.session_token"));
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
  for (const path of ["/profile", "/address", "/checkout"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()["cache-control"], path).toBe("private, no-store");
  }
  await context.clearCookies();
  await signedInAdmin(page, "grow@example.com");
  for (const path of ["/admin", "/admin/orders", "/admin/products", "/admin/waitlist"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()["cache-control"], path).toBe("private, no-store");
  }
  const home = await fetch(baseUrl() + "/");
  expect(home.headers.get("cache-control") ?? "").not.toContain("no-store");
});

/** Posts a form as a browser without JavaScript does, from an address of its own. */
function postForm(path: string, visitor: string, fields: Record<string, string>) {
  return fetch(baseUrl() + path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl(),
      "x-forwarded-for": visitor,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

test("a sign-in form refused by the limit says when to try again", async () => {
  // Five failed sign-ins a minute from one address; the sixth attempt is refused. The minute is a
  // fixed window (its exact edge is rate-limits.guards.test.ts's): if one ends mid-loop, the count
  // starts again, so eleven attempts always hold six in one window.
  const visitor = `198.51.100.${(process.pid % 200) + 10}`;
  let refused: Response | undefined;
  for (let n = 0; n < 11 && !refused; n++) {
    const res = await postForm("/auth", visitor, {
      intent: "sign-in",
      email: uniqueEmail("nobody"),
      password: "not the password at all",
    });
    if (res.status === 429) refused = res;
    // A wrong password is our page with its message, under 401 (ADR 027).
    else expect(res.status).toBe(401);
    await res.text();
  }
  expect(refused?.status).toBe(429);
  expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(refused?.headers.get("retry-after"))).toBeLessThanOrEqual(60);
});

test("a waitlist form posted without JavaScript and refused by the limit says when to try again", async () => {
  // One address of its own, so only these posts count against its limit (300 an hour free, then a
  // proof of work that a page without JavaScript can't do: ADR 022).
  const visitor = `198.51.100.${(process.pid % 200) + 20}`;
  const post = (n: number) =>
    postForm("/waitlist", visitor, { email: uniqueEmail(`limit${n}`), region: "Northland" });
  let refused: Response | undefined;
  for (let n = 0; n < 310 && !refused; n++) {
    const res = await post(n);
    if (res.status === 429) refused = res;
    else expect(res.status).toBe(200);
    await res.text();
  }
  expect(refused?.status).toBe(429);
  expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(refused?.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
}, 240_000);
