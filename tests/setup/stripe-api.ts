// A fake of Stripe's REST API on a local port, for the official `stripe` library pointed at it by
// STRIPE_API_URL. It speaks the subset our code uses, the way Stripe does: form-encoded bodies in
// bracket notation (metadata[orderId]=…), Bearer auth with the secret key, Idempotency-Key replays
// and Stripe-shaped error JSON. Tests move an intent along (succeed) and read what it received.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

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
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  secretKey: string;
  /** Every authenticated request, replays included, in order. */
  requests: StripeRequest[];
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: { id: string; object: "refund"; payment_intent: string; amount: number }[];
  /** The customer paid in the browser: the intent's status becomes succeeded. */
  succeed(id: string): void;
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

  function route(method: string, path: string, body: Record<string, unknown>): Reply {
    const [, id, action] = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(\w+))?$/.exec(path) ?? [];
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
      const amount = body.amount === undefined ? intent.amount : Number(body.amount);
      const refund = {
        id: newId("re"),
        object: "refund" as const,
        payment_intent: intentId,
        amount,
      };
      refunds.push(refund);
      return { status: 200, body: { ...refund, currency: intent.currency, status: "succeeded" } };
    }
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
    const body = parseForm(text);
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
    const reply = route(method, path, body);
    if (replayKey) replays.set(replayKey, { body: text, reply: structuredClone(reply) });
    send(reply);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    requests,
    paymentIntents,
    refunds,
    succeed(id) {
      const intent = paymentIntents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      intent.status = "succeeded";
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
