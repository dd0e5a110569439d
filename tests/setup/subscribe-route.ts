// /subscribe's loader and action called as React Router calls them, for a member signed in through
// the real sign-in (a verified account): shared by the integration tests of subscribing with
// Stripe's fake (subscribe-stripe, claim-with-credit).
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import * as subscribeRoute from "#app/routes/subscribe.tsx";

export const SITE = "https://patch.test";
const PASSWORD = "kereru in the puriri";

let ip = 0;
/** A new verified account with this address, signed in: its session cookie. */
export async function signedIn(email: string, name = "Aroha"): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name } });
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const outcome = await signIn({
    input: { email, password: PASSWORD },
    meta: { request: new Request(`${SITE}/login`), clientIp: `203.0.113.${++ip % 250}` },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.cookies.map((c) => c.split(";")[0]).join("; ");
}

/** A new verified account signed in (`signedIn`): its session cookie and its user id. */
export async function signedInMember(
  email: string,
  name = "Mere",
): Promise<{ cookie: string; userId: string }> {
  const cookie = await signedIn(email, name);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, userId: user!.id };
}

/** The subscribe form's fields (no card: Stripe's form takes it) for a Dunedin address. */
export const subscribeFields = (idempotencyKey: string, region: string) => ({
  idempotencyKey,
  plan: "1m2",
  deliveryWeek: "2",
  street: "9 Rimu Street",
  city: "Dunedin",
  region,
  postcode: "9016",
});

function args(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.1",
    sharedPage: false,
  });
  return { request, context, params: {} } as never;
}

export type Answer = { data: Record<string, unknown>; init: ResponseInit | null };

type SignedInPage = Extract<
  Awaited<ReturnType<typeof subscribeRoute.loader>>,
  { signedOut: false }
>;

/** The page's loader for a member: its data, or the Response it threw (a redirect). */
export async function load(cookie: string, search: string) {
  const result = await subscribeRoute
    .loader(args(new Request(`${SITE}/subscribe${search}`, { headers: { cookie } })))
    .catch((e: unknown) => e);
  if (result && typeof result === "object" && "signedOut" in result && result.signedOut) {
    throw new Error("the subscribe page answered as to a visitor who isn't signed in");
  }
  return result as Response | SignedInPage;
}

/** The form's post: the Response it threw (a redirect), or its answer. */
export async function submit(cookie: string, fields: Record<string, string>, search = "") {
  const result = await subscribeRoute
    .action(
      args(
        new Request(`${SITE}/subscribe${search}`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(fields),
        }),
      ),
    )
    .catch((e: unknown) => e);
  if (result instanceof Response) return { response: result };
  return { answer: result as unknown as Answer };
}
