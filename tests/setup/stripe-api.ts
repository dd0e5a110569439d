// A fake of Stripe's REST API on a local port, for the official `stripe` library pointed at it by
// STRIPE_API_URL. It speaks the subset our code uses, the way Stripe does: form-encoded bodies in
// bracket notation (metadata[orderId]=…), Bearer auth with the secret key, Idempotency-Key replays
// and Stripe-shaped error JSON. Tests move an intent along (succeed) and read what it received.
// For saved cards (ADR 035) it keeps customers, SetupIntents (a test confirms one with a test card,
// as the Payment Element would in the browser), payment methods (attach, detach, list) and
// off-session PaymentIntents that behave like Stripe's test cards, and it records the webhook events
// Stripe would send, which a test signs and delivers (or delivers twice, late, out of order).
// It lists PaymentIntents and Refunds as Stripe does (newest first, `created[gte]`/`created[lt]`,
// `limit` and `starting_after` paging, `has_more`), for the daily reconciliation (ADR 065).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
  customer?: string | null;
  payment_method?: string | null;
  off_session?: boolean;
  last_payment_error?: StripeErrorBody | null;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  currency: string;
  status: string;
  created: number;
}

export interface FakeCustomer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeSetupIntent {
  id: string;
  object: "setup_intent";
  customer: string | null;
  usage: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  last_setup_error: StripeErrorBody | null;
  created: number;
  livemode: false;
}

export interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  [k: string]: unknown;
}

/** Stripe's test cards as the fake honours them (https://docs.stripe.com/testing). */
export const TEST_CARDS = {
  /** Saves and pays. */
  visa: "4242424242424242",
  /** Attaches, then every off-session charge is declined. */
  declinesAfterAttaching: "4000000000000341",
  /** Needs 3-D Secure on every payment: off-session charges fail with authentication_required. */
  authenticationRequired: "4000002760003184",
  /** Declined when saved. */
  declined: "4000000000000002",
} as const;

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  secretKey: string;
  /** Every authenticated request, replays included, in order. */
  requests: StripeRequest[];
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  customers: Map<string, FakeCustomer>;
  setupIntents: Map<string, FakeSetupIntent>;
  paymentMethods: Map<string, FakePaymentMethod>;
  /** The events Stripe would send to a webhook endpoint, in the order they happened. */
  events: FakeEvent[];
  /** The customer paid in the browser: the intent's status becomes succeeded. */
  succeed(id: string): void;
  /**
   * The customer entered a card in the Payment Element and confirmed the SetupIntent (3-D Secure,
   * if the card asks for it, passed in the browser). A declined test card leaves it needing
   * another card; any other becomes a payment method attached to the SetupIntent's customer.
   */
  confirmSetupIntent(id: string, cardNumber: string): FakeSetupIntent;
  /** An event as Stripe sends it: the JSON body and its Stripe-Signature header. */
  signed(event: FakeEvent, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

/** The settings that point our Stripe module at this fake (with a webhook signing secret). */
export function stripeSettings(
  stripe: FakeStripe,
  webhookSecret = "whsec_fake",
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
  };
}

type Reply = { status: number; body: unknown };

const error = (status: number, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { type: "invalid_request_error", message, ...extra } },
});
const missing = (id: string, param: string) =>
  error(404, `No such ${param}: '${id}'`, { code: "resource_missing", param });
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * A page of a Stripe list: newest first (the later-made first among equal `created`), within
 * `created[gte]`/`created[gt]`/`created[lt]`/`created[lte]`, `limit` (1-100, default 10) items after
 * `starting_after`, and whether more follow.
 */
function listPage(
  url: string,
  items: { id: string; created: number }[],
  query: Record<string, unknown>,
): Reply {
  const created = (query.created ?? {}) as Record<string, string>;
  const bound = (k: string) => (created[k] === undefined ? undefined : Number(created[k]));
  const [gte, gt, lt, lte] = [bound("gte"), bound("gt"), bound("lt"), bound("lte")];
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return error(400, "This value must be between 1 and 100.", { param: "limit" });
  const newestFirst = items
    .map((item, i) => ({ item, i }))
    .filter(
      ({ item: { created: c } }) =>
        (gte === undefined || c >= gte) &&
        (gt === undefined || c > gt) &&
        (lt === undefined || c < lt) &&
        (lte === undefined || c <= lte),
    )
    .sort((a, b) => b.item.created - a.item.created || b.i - a.i)
    .map(({ item }) => item);
  const after = query.starting_after as string | undefined;
  const from = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  if (after && from === 0) return missing(after, "starting_after");
  const data = newestFirst.slice(from, from + limit);
  return {
    status: 200,
    body: { object: "list", url, has_more: from + limit < newestFirst.length, data },
  };
}

/** Stripe's form encoding: `a[b][c]=v` becomes { a: { b: { c: "v" } } }. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split(/[[\]]+/).filter(Boolean);
    let node = out;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeApi(secretKey = "sk_test_fake"): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeStripe["refunds"] = [];
  const replays = new Map<string, { body: string; reply: Reply }>();

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): Reply {
    const savedCards = savedCardRoute(method, path, body, idempotencyKey);
    if (savedCards) return savedCards;
    const [, id, action] = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(\w+))?$/.exec(path) ?? [];
    if (path === "/v1/payment_intents" && method === "POST" && body.off_session !== undefined)
      return offSessionPayment(body, idempotencyKey);
    if (path === "/v1/payment_intents" && method === "POST") {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || typeof body.currency !== "string")
        return error(400, "Missing required param: amount or currency.", {
          code: "parameter_missing",
        });
      const intentId = newId("pi");
      const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakePaymentIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        currency: body.currency,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        description: (body.description as string | undefined) ?? null,
        receipt_email: (body.receipt_email as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === "true" } : null,
        canceled_at: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      paymentIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (id && (method === "GET" || method === "POST")) {
      const intent = paymentIntents.get(id);
      if (!intent) return missing(id, "payment_intent");
      if (method === "GET" && !action) return { status: 200, body: intent };
      if (method === "POST" && action === "cancel") {
        if (intent.status === "succeeded" || intent.status === "canceled")
          return error(
            400,
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            { code: "payment_intent_unexpected_state", payment_intent: intent },
          );
        Object.assign(intent, { status: "canceled", canceled_at: Math.floor(Date.now() / 1000) });
        return { status: 200, body: intent };
      }
    }
    if (path === "/v1/refunds" && method === "POST") {
      const intentId = String(body.payment_intent ?? "");
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing(intentId, "payment_intent");
      if (intent.status !== "succeeded")
        return error(400, "This PaymentIntent does not have a successful charge to refund.");
      const already = refunds
        .filter((r) => r.payment_intent === intentId)
        .reduce((n, r) => n + r.amount, 0);
      const amount = body.amount === undefined ? intent.amount - already : Number(body.amount);
      // As Stripe does: no refund past what the charge has left unrefunded.
      if (already >= intent.amount)
        return error(400, `Charge for ${intentId} has already been refunded.`, {
          code: "charge_already_refunded",
        });
      if (!Number.isInteger(amount) || amount <= 0 || already + amount > intent.amount)
        return error(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - already}).`,
          { code: "amount_too_large" },
        );
      const refund: FakeRefund = {
        id: newId("re"),
        object: "refund",
        payment_intent: intentId,
        amount,
        currency: intent.currency,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (path === "/v1/payment_intents" && method === "GET")
      return listPage("/v1/payment_intents", [...paymentIntents.values()], body);
    if (path === "/v1/refunds" && method === "GET")
      return listPage(
        "/v1/refunds",
        refunds.filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent),
        body,
      );
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer(async (req, res) => {
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://stripe.test").pathname;
    const text = await readBody(req);
    const send = ({ status, body }: Reply, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(error(401, "Invalid API Key provided."));
    if (
      method === "POST" &&
      !req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
    )
      return send(error(400, "Request bodies must be form-encoded."));
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    // The library sends a GET's parameters (a list's customer and type) in the query string.
    const body = parseForm(
      method === "GET" ? new URL(req.url ?? "/", "http://stripe.test").search.slice(1) : text,
    );
    requests.push({ method, path, idempotencyKey, body });
    const replayKey = method === "POST" && idempotencyKey ? `${path} ${idempotencyKey}` : undefined;
    const stored = replayKey ? replays.get(replayKey) : undefined;
    if (stored && stored.body !== text)
      return send(
        error(400, "Keys for idempotent requests can only be used with the same parameters.", {
          type: "idempotency_error",
        }),
      );
    if (stored) return send(stored.reply, { "Idempotent-Replayed": "true" });
    const reply = route(method, path, body, idempotencyKey);
    if (replayKey) replays.set(replayKey, { body: text, reply: structuredClone(reply) });
    send(reply);
  });
  const now = () => Math.floor(Date.now() / 1000);
  const customers = new Map<string, FakeCustomer>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const events: FakeEvent[] = [];

  function emit(type: string, object: object, key: string | null = null) {
    events.push({
      id: newId("evt"),
      object: "event",
      type,
      created: now(),
      api_version: "2025-01-27.acacia",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: key },
      data: { object: structuredClone(object) as Record<string, unknown> },
    });
  }

  const cardError = (message: string, extra: Record<string, unknown>): Reply => ({
    status: 402,
    body: { error: { type: "card_error", message, ...extra } },
  });

  function savedCardRoute(
    method: string,
    path: string,
    body: Record<string, unknown>,
    key: string | undefined,
  ): Reply | undefined {
    const metadata = (body.metadata as Record<string, string> | undefined) ?? {};
    if (path === "/v1/customers" && method === "POST") {
      const customer: FakeCustomer = {
        id: newId("cus"),
        object: "customer",
        email: (body.email as string | undefined) ?? null,
        name: (body.name as string | undefined) ?? null,
        metadata,
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (customerPath && method === "GET") {
      const customer = customers.get(customerPath[1]!);
      return customer ? { status: 200, body: customer } : missing(customerPath[1]!, "customer");
    }
    if (path === "/v1/setup_intents" && method === "POST") {
      const customer = body.customer as string | undefined;
      if (customer && !customers.has(customer)) return missing(customer, "customer");
      const id = newId("seti");
      const types = body.payment_method_types as Record<string, string> | undefined;
      const intent: FakeSetupIntent = {
        id,
        object: "setup_intent",
        customer: customer ?? null,
        usage: (body.usage as string | undefined) ?? "off_session",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        payment_method: null,
        payment_method_types: types ? Object.values(types) : ["card"],
        metadata,
        last_setup_error: null,
        created: now(),
        livemode: false,
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (setupPath && method === "GET") {
      const intent = setupIntents.get(setupPath[1]!);
      return intent ? { status: 200, body: intent } : missing(setupPath[1]!, "setup_intent");
    }
    if (path === "/v1/payment_methods" && method === "GET") {
      const customer = String(body.customer ?? "");
      if (!customers.has(customer)) return missing(customer, "customer");
      const data = [...paymentMethods.values()].filter((pm) => pm.customer === customer).reverse();
      return {
        status: 200,
        body: { object: "list", url: "/v1/payment_methods", has_more: false, data },
      };
    }
    const pmPath = /^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/.exec(path);
    if (pmPath) {
      const pm = paymentMethods.get(pmPath[1]!);
      if (!pm) return missing(pmPath[1]!, "payment_method");
      if (method === "GET" && !pmPath[2]) return { status: 200, body: pm };
      if (method === "POST" && pmPath[2] === "attach") {
        const customer = String(body.customer ?? "");
        if (!customers.has(customer)) return missing(customer, "customer");
        if (pm.customer && pm.customer !== customer)
          return error(
            400,
            "The payment method you provided has already been attached to a customer.",
          );
        pm.customer = customer;
        return { status: 200, body: pm };
      }
      if (method === "POST" && pmPath[2] === "detach") {
        if (!pm.customer)
          return error(
            400,
            "The payment method you provided is not attached to a customer so detachment is impossible.",
          );
        pm.customer = null;
        return { status: 200, body: pm };
      }
    }
    void key;
    return undefined;
  }

  /** `off_session: true, confirm: true` on a saved card: the test card decides the outcome. */
  function offSessionPayment(body: Record<string, unknown>, key: string | undefined): Reply {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || typeof body.currency !== "string")
      return error(400, "Missing required param: amount or currency.", {
        code: "parameter_missing",
      });
    if (body.confirm !== "true")
      return error(400, "off_session can only be used with confirm=true.", {
        param: "off_session",
      });
    const customer = String(body.customer ?? "");
    const pm = paymentMethods.get(String(body.payment_method ?? ""));
    if (!customers.has(customer)) return missing(customer, "customer");
    if (!pm) return missing(String(body.payment_method ?? ""), "payment_method");
    if (pm.customer !== customer)
      return error(
        400,
        `The provided PaymentMethod ${pm.id} does not belong to the Customer ${customer}.`,
        {
          param: "payment_method",
        },
      );
    const id = newId("pi");
    const intent: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      currency: body.currency,
      status: "succeeded",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      description: (body.description as string | undefined) ?? null,
      receipt_email: (body.receipt_email as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      automatic_payment_methods: null,
      canceled_at: null,
      created: now(),
      livemode: false,
      customer,
      payment_method: pm.id,
      off_session: true,
      last_payment_error: null,
    };
    paymentIntents.set(id, intent);
    const number = pmCards.get(pm.id);
    const failure: StripeErrorBody | null =
      number === TEST_CARDS.declinesAfterAttaching
        ? {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          }
        : number === TEST_CARDS.authenticationRequired
          ? {
              type: "card_error",
              code: "authentication_required",
              decline_code: "authentication_required",
              message: "Your card was declined. This transaction requires authentication.",
            }
          : null;
    if (!failure) {
      emit("payment_intent.succeeded", intent, key ?? null);
      return { status: 200, body: intent };
    }
    Object.assign(intent, {
      status: "requires_payment_method",
      last_payment_error: { ...failure, payment_method: pm },
    });
    emit("payment_intent.payment_failed", intent, key ?? null);
    return cardError(failure.message, {
      code: failure.code,
      decline_code: failure.decline_code,
      payment_intent: intent,
      payment_method: pm,
    });
  }

  const pmCards = new Map<string, string>();

  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    requests,
    paymentIntents,
    refunds,
    customers,
    setupIntents,
    paymentMethods,
    events,
    succeed(id) {
      const intent = paymentIntents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      intent.status = "succeeded";
    },
    confirmSetupIntent(id, cardNumber) {
      const intent = setupIntents.get(id);
      if (!intent) throw new Error(`no SetupIntent ${id}`);
      if (intent.status === "succeeded") return intent;
      const number = cardNumber.replace(/\s/g, "");
      if (number === TEST_CARDS.declined) {
        intent.last_setup_error = {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        };
        emit("setup_intent.setup_failed", intent);
        return intent;
      }
      const pm: FakePaymentMethod = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        customer: intent.customer,
        card: {
          brand: "visa",
          last4: number.slice(-4),
          exp_month: 12,
          exp_year: 2034,
          funding: "credit",
        },
        metadata: {},
        created: now(),
        livemode: false,
      };
      paymentMethods.set(pm.id, pm);
      pmCards.set(pm.id, number);
      Object.assign(intent, { status: "succeeded", payment_method: pm.id, last_setup_error: null });
      emit("setup_intent.succeeded", intent);
      return intent;
    },
    signed(event, secret = "whsec_fake") {
      const body = JSON.stringify(event);
      return {
        body,
        signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
