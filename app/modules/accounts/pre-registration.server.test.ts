// Someone registers an address before its owner does (ADR 020): when the owner proves the mailbox
// and chooses the password from the confirmation page, nothing the pre-registrant chose stays as
// theirs to see, the display name included (ADR 062).
import { expect, test } from "vitest";
import { linkIn } from "#tests/setup/smtp.ts";
import { cookieHeader, requestMetas } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { accountsAuth } from "./accounts-auth.server.ts";
import { confirmEmailWithPassword } from "./confirm-email-with-password.server.ts";
import { getCurrentUser } from "./get-current-user.server.ts";
import { signUp } from "./sign-up.server.ts";

const SITE = "https://patch.test";
const meta = requestMetas("198.51.100");
const services = testServices({ smtp: true, emptyBeforeEach: true });

async function confirmationToken(email: string): Promise<string> {
  const [mail] = await services.smtp.waitFor(1);
  expect(mail?.to).toContain(email);
  // Opened anywhere but the browser that signed up: the page asks for a password.
  const res = await accountsAuth().handler(
    new Request(linkIn(mail!, `${SITE}/api/auth/verify-email`), {
      headers: { "x-patch-client-ip": "198.51.100.1", host: "patch.test" },
    }),
  );
  return new URL(res.headers.get("location")!, SITE).searchParams.get("token")!;
}

for (const email of ["kaka@example.nz", "ops@example.com"]) {
  test(`the owner's confirmation resets a pre-registrant's display name (${email})`, async () => {
    await signUp({
      input: { email, password: "a stranger chose this passphrase", fullName: "Support Desk" },
      meta: meta(),
    });
    const token = await confirmationToken(email);
    const owner = await confirmEmailWithPassword({
      input: { token, password: "the real owner picked rimu" },
      meta: meta(),
    });
    expect(owner.ok).toBe(true);
    const request = new Request(`${SITE}/profile`, {
      headers: { cookie: cookieHeader(owner.ok ? owner.cookies : []) },
    });
    const { user } = await getCurrentUser(request);
    expect(user?.email).toBe(email);
    expect(user?.displayName).toBe(email.split("@")[0]);
    expect(user?.fullName).toBeNull();
    expect(user?.isAdmin).toBe(email === "ops@example.com");
  });
}
