// The /api routes that are not pages: health, the waitlist's JSON endpoint (used by the form once
// JavaScript has loaded), one-click unsubscribe (RFC 8058); webhooks and feeds as areas land.
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { outcomeHeaders, statusOf } from "#app/lib/outcome.ts";
import { pingDatabase } from "#app/lib/db.server.ts";
import { isDraining } from "#app/lib/draining.server.ts";
import { queueState } from "#app/lib/queue.server.ts";
import { checkCart } from "#app/modules/catalog/check-cart.server.ts";
import { unsubscribeAnyByLink } from "#app/flows/unsubscribe-link.server.ts";
import { handleStripeWebhook } from "#app/flows/handle-stripe-webhook.server.ts";
import { handleBounceWebhook } from "#app/modules/notifications/bounce-webhook.server.ts";
import { receiveMemberText } from "#app/modules/coaching/inbound-text.server.ts";
import { handleTwilioSmsWebhook } from "#app/modules/reminders/handle-twilio-sms-webhook.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { MESSAGES } from "#app/modules/waitlist/waitlist.schema.ts";
import { shareUrl } from "#app/modules/waitlist/referral-code.server.ts";
import { referralCodeFrom } from "#app/modules/waitlist/referral-cookie.server.ts";

export type ApiEnv = { Variables: { clientIp: string; requestId: string } };

// Load balancers poll health often: one database probe answers every check within a second.
const PROBE_TTL_MS = 1_000;
let probe: { at: number; result: Promise<Awaited<ReturnType<typeof pingDatabase>>> } | undefined;
function databaseState() {
  const now = Date.now();
  if (!probe || now - probe.at > PROBE_TTL_MS) probe = { at: now, result: pingDatabase() };
  return probe.result;
}

export function apiRoutes() {
  const api = new Hono<ApiEnv>();

  // Liveness: the process answers. A supervisor restarts it only when this fails.
  api.get("/health/live", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });

  // Readiness: send this process traffic. It fails first when the process is told to stop, and
  // not when the database blips: every instance shares the database, so failing them all at once
  // would take down the pages the cache and the outage answers still serve. The database and
  // queue are reported beside the answer for whoever watches.
  api.get("/health/ready", async (c) => {
    c.header("Cache-Control", "no-store");
    if (isDraining()) return c.json({ status: "draining" }, 503);
    const queue = queueState();
    if (!queue.started) return c.json({ status: "starting", queue }, 503);
    return c.json({ status: "ok", database: await databaseState(), queue });
  });

  api.get("/health", async (c) => {
    const database = await databaseState();
    const queue = queueState();
    const ok = database.ok && queue.started;
    c.header("Cache-Control", "no-store");
    return c.json({ status: ok ? "ok" : "degraded", database, queue }, ok ? 200 : 503);
  });

  api.post("/waitlist", async (c) => {
    let body: unknown;
    try {
      const type = c.req.header("content-type") ?? "";
      body = type.includes("application/json")
        ? await c.req.json()
        : Object.fromEntries(await c.req.formData());
    } catch {
      return c.json({ ok: false, message: MESSAGES.joinFailed, fieldErrors: {} }, 400);
    }
    const { user } = await getCurrentUser(c.req.raw);
    const result = await joinWaitlist(body, {
      ip: c.get("clientIp"),
      memberEmail: user?.emailVerified ? user.email : null,
      userAgent: c.req.header("user-agent"),
      page:
        typeof (body as { page?: unknown })?.page === "string"
          ? String((body as { page: string }).page).slice(0, 100)
          : "/waitlist",
      referralCode: referralCodeFrom(c.req.header("cookie")),
    });
    // 201 for every join, new address or known (ADR 061): the status tells no one who is listed.
    if (result.ok)
      return c.json(
        {
          ...result,
          ...(result.referralCode ? { shareUrl: shareUrl(result.referralCode) } : {}),
        },
        201,
      );
    // A refusal under its code's status (400, 429 with Retry-After, 503), the status in the body
    // too as it always was.
    const status = statusOf(result) as ContentfulStatusCode;
    outcomeHeaders(result).forEach((value, name) => c.header(name, value, { append: true }));
    return c.json({ ...result, status }, status);
  });

  // The cart panel and checkout compare the browser's cart with current prices and stock.
  api.get("/cart/check", async (c) => {
    const ids = (c.req.query("ids") ?? "").split(",").filter(Boolean);
    const result = await checkCart({ ids });
    c.header("Cache-Control", "no-store");
    return result.ok ? c.json(result) : c.json(result, 400);
  });

  // Stripe's events, verified on the raw body (the origin check exempts /api/webhooks/).
  api.post("/webhooks/stripe", async (c) => {
    const result = await handleStripeWebhook(
      await c.req.text(),
      c.req.header("stripe-signature") ?? undefined,
    );
    // Stripe is told it was received (a replay too), or why not under the failure's status.
    if (result.ok)
      return c.json({
        received: true,
        ...(result.duplicate === undefined ? {} : { duplicate: result.duplicate }),
      });
    return c.json(
      { received: false, error: result.message },
      statusOf(result) as ContentfulStatusCode,
    );
  });

  // Bounces and spam complaints from the mail provider (Postmark, SES through SNS), verified by
  // basic auth; they fill the suppression list every send respects (ADR 066).
  api.post("/webhooks/email/:provider", async (c) => {
    const answer = await handleBounceWebhook(c.req.param("provider"), {
      authorization: c.req.header("authorization") ?? undefined,
      body: await c.req.text(),
    });
    c.header("Cache-Control", "no-store");
    for (const [k, v] of Object.entries(answer.headers ?? {})) c.header(k, v);
    return c.json(answer.body, answer.status);
  });

  // Replies to our texts (STOP ends reminders), verified by Twilio's signature; a member's other
  // texts go to the coaches (ADR 070).
  api.post("/webhooks/twilio/sms", async (c) => {
    const answer = await handleTwilioSmsWebhook(
      {
        url: c.req.url,
        body: await c.req.text(),
        signature: c.req.header("x-twilio-signature") ?? undefined,
        clientIp: c.get("clientIp"),
      },
      { onMessage: receiveMemberText },
    );
    c.header("Content-Type", answer.contentType);
    c.header("Cache-Control", "no-store");
    if (answer.retryAfter) c.header("Retry-After", String(answer.retryAfter));
    return c.body(answer.body, answer.status);
  });

  api.post("/unsubscribe", async (c) => {
    // A waitlist contact's link, a member's growing-tips or garden e-mail link (the token says which).
    const result = await unsubscribeAnyByLink(c.req.query("token") ?? null);
    return result.ok
      ? c.json({ ok: true })
      : c.json({ ok: false, error: "This unsubscribe link isn't valid." }, 400);
  });

  return api;
}
