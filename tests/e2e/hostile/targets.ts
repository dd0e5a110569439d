// What the fuzz suite sends requests to, read from the code so a new route or endpoint is not
// forgotten: the route table (app/routes.ts) says which pages exist and which of them take posts,
// server/api.ts lists the JSON endpoints. The forms come from the pages themselves (scraped in
// Chromium, see hostile-input.e2e.ts); FORMS below adds what a page only shows after a step or
// what only a script sends, and the baselines that keep the suite from doing lasting harm.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import routeConfig from "#app/routes.ts";

export interface RouteEntry {
  /** "/profile", "/product/:id"; "/" for the index route. */
  path: string;
  file: string;
  /** An index route: posts reach it at its path with "?index". */
  index: boolean;
  source: string;
  hasAction: boolean;
  /** A page (.tsx) rather than a resource route (.ts). */
  isPage: boolean;
  /** Names the loader or action reads from the query string. */
  queryNames: string[];
  /** Field names the action reads itself with form.get("…"). */
  formNames: string[];
}

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

function flatten(
  entries: ConfigEntry[],
  prefix = "",
): { path: string; file: string; index: boolean }[] {
  return entries.flatMap((e) => {
    const path = e.index ? prefix || "/" : `${prefix}/${e.path ?? ""}`.replace(/\/+/g, "/");
    return [
      { path, file: e.file, index: e.index === true },
      ...flatten(e.children ?? [], path === "/" ? "" : path),
    ];
  });
}

const unique = (values: string[]) => [...new Set(values)].sort();
const matches = (source: string, pattern: RegExp) =>
  [...source.matchAll(pattern)].map((m) => m[1]!).filter(Boolean);

export function routeTable(): RouteEntry[] {
  return flatten(routeConfig as ConfigEntry[]).map(({ path, file, index }) => {
    const source = readFileSync(join("app", file), "utf8");
    return {
      path,
      file,
      index,
      source,
      hasAction: /export (async )?function action\b/.test(source),
      isPage: file.endsWith(".tsx"),
      queryNames: unique(matches(source, /searchParams\.(?:get|has|getAll)\("([^"]+)"\)/g)),
      formNames: unique(matches(source, /form\.get(?:All)?\("([^"]+)"\)/g)),
    };
  });
}

/** The JSON endpoints server/api.ts declares, as "METHOD /api/path". */
export function apiEndpoints(): string[] {
  const source = readFileSync("server/api.ts", "utf8");
  return unique(
    [...source.matchAll(/api\.(get|post|put|patch|delete)\("([^"]+)"/g)].map(
      (m) => `${m[1]!.toUpperCase()} /api${m[2]}`,
    ),
  );
}

/** Query names read by module helpers the route hands its whole query string to. */
export const EXTRA_QUERY_NAMES = [
  "q",
  "region",
  "source",
  "confirmed",
  "unsubscribed",
  "page",
  "month",
  "zone",
  "status",
  "category",
  "sort",
  "kind",
  "sizeM2",
  "sunHours",
  "experience",
  "timePerWeek",
  "interests",
  "saved",
  "plan",
  "token",
  "id",
  // The sign-in modes' shared loader helpers (app/modules/accounts/auth/auth-action.server.ts,
  // auth-paths.ts).
  "redirectTo",
  "reauth",
  "mode",
];

/** The people the suite posts as. */
export type Role = "stranger" | "member" | "admin";

/** What a run knows when it picks a field's harmless value. */
export interface BaselineContext {
  freshEmail(): string;
  /** An account the admin may suspend and restore (never one of the suite's own). */
  victimUserId: string;
  /** A product to edit (put back as it was at the end) and to order, at its current price. */
  productId: string;
  productPrice: number;
  /** One idempotency key for every checkout post: at most one order holds stock at a time. */
  checkoutKey: string;
}

export type Baseline = string | ((ctx: BaselineContext) => string);

export interface FormSpec {
  /** The path the form posts to. */
  action: string;
  intent?: string;
  /** Each field and the value it has while another field carries the hostile value. */
  fields: Record<string, Baseline>;
}

const WRONG_PASSWORD = "not the password of anyone here";
const NEW_PASSWORD = "a fresh and long passphrase for kereru";
const email = (ctx: BaselineContext) => ctx.freshEmail();

/**
 * Forms a page shows only after a step (a code sent, a set-up begun), forms only a script sends
 * (checkout: its cart lives in the browser), forms on pages with an id in their path, and the
 * baselines that matter: wrong passwords (so nothing is deleted or changed for real), a declined
 * test card, a region and a month that don't exist (so no launch or tips e-mail goes out).
 */
export const FORMS: FormSpec[] = [
  {
    action: "/auth",
    intent: "sign-in",
    fields: { email, password: WRONG_PASSWORD, redirectTo: "/profile" },
  },
  {
    action: "/signup",
    intent: "sign-up",
    fields: {
      email,
      password: NEW_PASSWORD,
      fullName: "Aroha Kea",
      redirectTo: "/",
      userData: JSON.stringify({
        lastUpdated: "2026-11-01T00:00:00.000Z",
        address: { street: "1 Kea Street", city: "Nelson", region: "Nelson" },
        growingSpace: { kind: "balcony", sizeM2: 2 },
      }),
    },
  },
  {
    action: "/auth/convert",
    intent: "convert",
    fields: { email, password: NEW_PASSWORD, fullName: "Aroha Kea", redirectTo: "/" },
  },
  { action: "/auth/forgot", intent: "forgot", fields: { email } },
  {
    action: "/auth/reset-password",
    intent: "reset-password",
    fields: { token: "not-a-real-reset-token", password: NEW_PASSWORD },
  },
  {
    action: "/auth/confirm-email",
    intent: "confirm-email",
    fields: { token: "not-a-real-confirm-token", password: NEW_PASSWORD, redirectTo: "/" },
  },
  { action: "/auth/phone", intent: "phone-send", fields: { phone: "021 555 0199" } },
  {
    action: "/auth/phone",
    intent: "phone-verify",
    fields: { phone: "021 555 0199", code: "123456", redirectTo: "/" },
  },
  { action: "/auth", intent: "two-factor", fields: { code: "123456", trustDevice: "on" } },
  { action: "/auth", intent: "social", fields: { provider: "google", redirectTo: "/" } },
  { action: "/signup", intent: "social", fields: { provider: "google", redirectTo: "/" } },
  { action: "/auth/sign-out", intent: "sign-out", fields: { from: "/profile" } },
  {
    action: "/profile?index",
    intent: "save-profile",
    fields: {
      fullName: "Aroha Kea",
      phone: "021 555 0142",
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      zip: "7011",
      country: "New Zealand",
      interests: "herbs",
      growingSpace: "balcony",
    },
  },
  { action: "/profile/security", intent: "change-email", fields: { newEmail: email } },
  {
    action: "/profile/security",
    intent: "change-password",
    fields: { currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD },
  },
  { action: "/profile/phone", intent: "phone-link-send", fields: { phone: "021 555 0142" } },
  {
    action: "/profile/phone",
    intent: "phone-link-verify",
    fields: { phone: "021 555 0142", code: "123456" },
  },
  {
    action: "/profile/reminders",
    intent: "sms-reminders-save",
    fields: { frequency: "weekly", consent: "yes" },
  },
  { action: "/profile/reminders", intent: "sms-reminders-off", fields: {} },
  { action: "/profile/security", intent: "2fa-start", fields: { password: WRONG_PASSWORD } },
  {
    action: "/profile/security",
    intent: "2fa-confirm",
    fields: {
      code: "123456",
      setup: JSON.stringify({ totpUri: "otpauth://totp/Patch", backupCodes: ["kea"] }),
    },
  },
  { action: "/profile/security", intent: "2fa-disable", fields: { password: WRONG_PASSWORD } },
  {
    action: "/profile/security",
    intent: "revoke-session",
    fields: { sessionId: "no-such-session" },
  },
  { action: "/profile/security", intent: "revoke-others", fields: {} },
  { action: "/profile/privacy", intent: "export-data", fields: { password: WRONG_PASSWORD } },
  {
    action: "/profile/privacy",
    intent: "delete-account",
    fields: { password: WRONG_PASSWORD, confirm: "DELETE", paidBox: "refund" },
  },
  { action: "/profile/reminders", intent: "calendar-plan", fields: { plan: "1m2" } },
  { action: "/profile/reminders", intent: "calendar-reset", fields: {} },
  { action: "/profile/reminders", intent: "growing-tips", fields: { tips: "on" } },
  { action: "/profile/reminders", intent: "garden-email", fields: { garden: "on" } },
  // A member's box plan (the editor posts it as JSON): an empty 1 m² box of 3 × 3 squares.
  {
    action: "/garden",
    fields: {
      plan: JSON.stringify({ boxSize: "1m2", squares: [[], [], [], [], [], [], [], [], []] }),
    },
  },
  // The harvest log (ADR 042): a plant not in the library, so nothing is recorded; an entry id
  // that is no one's, so nothing is deleted; the suite's member has no box to place seedlings from.
  {
    action: "/garden",
    intent: "harvest-add",
    fields: {
      plantId: "no-such-plant",
      pickedOn: "2026-11-26",
      amount: "handful",
      grams: "",
      note: "",
    },
  },
  {
    action: "/garden",
    intent: "harvest-delete",
    fields: { harvestId: "00000000-0000-4000-8000-000000000000" },
  },
  { action: "/garden", intent: "place-seedlings", fields: {} },
  // Next season's plan (ADR 045): a fingerprint of no saved plan, so nothing is rotated.
  { action: "/garden", intent: "next-season-accept", fields: { basis: "0123456789abcdef" } },
  // The subscription page's changes. The suite's member has no subscription, so each is refused
  // whatever the fields hold; the card baseline is the declining test card all the same.
  ...["skip", "unskip", "resume", "keep"].map((intent) => ({
    action: "/profile/subscription",
    intent,
    fields: { requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de" },
  })),
  {
    action: "/profile/subscription",
    intent: "pause",
    fields: { requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de", pauseFor: "1", until: "" },
  },
  {
    action: "/profile/subscription",
    intent: "plan",
    fields: { requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de", plan: "1m2" },
  },
  {
    action: "/profile/subscription",
    intent: "week",
    fields: { requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de", deliveryWeek: "2" },
  },
  {
    action: "/profile/subscription",
    intent: "swap",
    fields: {
      requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de",
      itemId: "seed-carrot",
      replacementId: "seed-radish",
    },
  },
  ...["cancel", "offer"].map((intent) => ({
    action: "/profile/subscription",
    intent,
    fields: { requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de", reason: "too-expensive" },
  })),
  {
    action: "/profile/subscription",
    intent: "address",
    fields: {
      requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de",
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      postcode: "7011",
    },
  },
  {
    action: "/profile/subscription",
    intent: "card",
    fields: {
      requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de",
      cardNumber: "4000 0000 0000 0002",
      cardExpiry: "12/39",
      cardCvc: "123",
    },
  },
  {
    action: "/address",
    fields: {
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      zip: "7011",
      country: "New Zealand",
    },
  },
  {
    action: "/checkout",
    intent: "quote",
    fields: {
      items: (ctx) =>
        JSON.stringify([{ productId: ctx.productId, quantity: 1, price: ctx.productPrice }]),
      shippingMethod: "standard",
      rural: "on",
    },
  },
  {
    action: "/checkout",
    fields: {
      idempotencyKey: (ctx) => ctx.checkoutKey,
      items: (ctx) =>
        JSON.stringify([{ productId: ctx.productId, quantity: 1, price: ctx.productPrice }]),
      name: "Aroha Kea",
      email,
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      postcode: "7011",
      rural: "on",
      shippingMethod: "standard",
      // The demo provider declines this test card: no order is ever paid.
      cardNumber: "4000 0000 0000 0002",
      cardExpiry: "12/39",
      cardCvc: "123",
    },
  },
  // Gift boxes (ADR 043): the declining test card, so no gift is ever paid; a code that is no
  // gift's, so nothing is redeemed; a gift id that is no one's, so nothing starts.
  {
    action: "/gift",
    fields: {
      idempotencyKey: "5b0a7f5e-0000-4000-8000-0000000091f7",
      plan: "1m2",
      months: "3",
      recipientName: "Mere Tane",
      recipientEmail: email,
      recipientRegion: "Auckland",
      message: "Happy birthday",
      // Today in New Zealand, so the form is whole and the card is what refuses it.
      sendOn: () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(),
      buyerName: "Aroha Kea",
      buyerEmail: email,
      cardNumber: "4000 0000 0000 0002",
      cardExpiry: "12/39",
      cardCvc: "123",
    },
  },
  {
    action: "/gift/redeem",
    intent: "redeem",
    fields: {
      code: "7KQ2-M9XD-4HTR-P3WA",
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      postcode: "7011",
      deliveryWeek: "2",
      giftId: "",
    },
  },
  {
    action: "/gift/redeem",
    intent: "start-held",
    fields: {
      giftId: "5b0a7f5e-0000-4000-8000-0000000091f7",
      street: "1 Kea Street",
      suburb: "Stoke",
      city: "Nelson",
      region: "Nelson",
      postcode: "7011",
      deliveryWeek: "2",
      code: "",
    },
  },
  // The development page needs the key the server prints: everyone here gets the 404 page.
  { action: "/_dev/jobs", fields: { jobId: "5b0a7f5e-0000-4000-8000-0000000091f7" } },
  {
    action: "/define-garden",
    fields: {
      t: "not-a-survey-token",
      kind: "Balcony or deck",
      sizeM2: "2",
      sunHours: "3 to 6 hours",
      experience: "Never grown food",
      timePerWeek: "30 minutes",
      interests: "Herbs",
    },
  },
  {
    action: "/waitlist",
    fields: { id: "", email, region: "Nelson", plan: "1m2", website: "", page: "/waitlist" },
  },
  { action: "/waitlist/confirm", fields: { token: "not-a-confirm-token" } },
  // Not a claim link of ours: no spot is claimed.
  { action: "/waitlist/claim", fields: { token: "not-a-claim-token" } },
  { action: "/unsubscribe?token=not-an-unsubscribe-token", fields: {} },
  {
    action: "/admin/products",
    fields: {
      id: (ctx) => ctx.productId,
      price: "12.50",
      stockQuantity: "40",
      summary: "A hostile-input test summary",
      description: "A hostile-input test description.\nOn two lines.",
      active: "on",
    },
  },
  {
    action: "/admin/users",
    intent: "ban",
    fields: { userId: (ctx) => ctx.victimUserId, reason: "Testing suspensions" },
  },
  { action: "/admin/users", intent: "unban", fields: { userId: (ctx) => ctx.victimUserId } },
  { action: "/admin/users", intent: "sign-out", fields: { userId: (ctx) => ctx.victimUserId } },
  // No referral has this id: nothing is voided, whatever the reason says.
  {
    action: "/admin/waitlist",
    intent: "void-referral",
    fields: { referralId: "5b0a7f5e-0000-4000-8000-00000000feed", reason: "Testing fraud checks" },
  },
  {
    action: "/admin/waitlist",
    intent: "delete",
    fields: { id: "5b0a7f5e-0000-4000-8000-000000000000", confirm: "yes" },
  },
  // No region has this name: no wave starts (and no region opens), whatever the other fields hold.
  {
    action: "/admin/waitlist",
    intent: "start-wave",
    fields: { region: "Atlantis", spots: "1", confirm: "yes" },
  },
  // No region has this name: the launch never starts, whatever the other fields hold.
  {
    action: "/admin/waitlist",
    intent: "launch",
    fields: { region: "Atlantis", confirm: "yes" },
  },
  // Not a month: no tips e-mail goes out.
  {
    action: "/admin/tips",
    intent: "send",
    fields: { month: "not-a-month", zone: "temperate", confirm: "yes" },
  },
  {
    action: "/admin/orders/00000000-0000-4000-8000-000000000000",
    fields: { status: "shipped", trackingNumber: "NZ123456789", courier: "nz-post" },
  },
  // A refund of an order that doesn't exist: nothing is refunded or written.
  {
    action: "/admin/orders/00000000-0000-4000-8000-000000000000",
    intent: "refund",
    fields: {
      amount: "4900",
      reason: "Hostile-input refund",
      requestKey: "hostile-input-refund-key",
    },
  },
  // A packing day long past: nothing to pack, and a tracking file naming no box of it.
  { action: "/admin/ship", intent: "pack", fields: { day: "2020-01-08" } },
  {
    action: "/admin/ship",
    intent: "tracking",
    fields: {
      day: "2020-01-08",
      courier: "nz-post",
      file: "Reference,Tracking Number\r\n1,NZP0000001",
    },
  },
  // A card-update reminder for a box that doesn't exist: nothing is queued.
  { action: "/admin/chase", fields: { boxId: "00000000-0000-4000-8000-000000000000" } },
  // A note on an order that doesn't exist: nothing is written.
  {
    action: "/admin/orders/00000000-0000-4000-8000-000000000000",
    intent: "note",
    fields: {
      subject: "order:00000000-0000-4000-8000-000000000000",
      body: "Hostile-input note",
      requestKey: "hostile-input-note-key",
    },
  },
  // No subscription has this id: nothing is skipped, paused, cancelled or refunded.
  ...(["skip", "pause", "cancel", "refund"] as const).map((intent) => ({
    action: "/admin/subscriptions/00000000-0000-4000-8000-000000000000",
    intent,
    fields: {
      requestKey: "5b0a7f5e-0000-4000-8000-00000000cafe",
      ...(intent === "pause" ? { pauseFor: "1" } : {}),
      ...(intent === "cancel" ? { reason: "other" } : {}),
      ...(intent === "refund" ? { boxId: "5b0a7f5e-0000-4000-8000-00000000b0c5" } : {}),
    },
  })),
  // No gift has this id: nothing is re-sent, moved or refunded.
  ...(["resend", "change", "refund"] as const).map((intent) => ({
    action: "/admin/gifts/00000000-0000-4000-8000-000000000000",
    intent,
    fields: {
      requestKey: "5b0a7f5e-0000-4000-8000-0000000091f7",
      reason: "Hostile-input test",
      ...(intent === "change"
        ? {
            sendOn: "2027-01-15",
            recipientName: "Aroha",
            recipientEmail: "aroha.fuzz@example.nz",
          }
        : {}),
    },
  })),
  // The admin home's exhausted-job buttons and the suppression list's remove show only when there
  // is one: a job and an address that don't exist change nothing.
  ...(["retry-job", "dismiss-job"] as const).map((intent) => ({
    action: "/admin",
    intent,
    fields: { queue: "waitlist.no-such-queue", jobId: "00000000-0000-4000-8000-000000000000" },
  })),
  {
    action: "/admin/suppressions",
    intent: "remove",
    fields: { address: "nobody.suppressed@example.nz" },
  },
  // The region move's button, from a signed link: a made-up token moves no one.
  { action: "/waitlist/move", fields: { token: "kea.kea" } },
  // No member has this id: no credit is granted or taken back, whatever the other fields hold.
  ...(["grant", "take-back"] as const).map((intent) => ({
    action: "/admin/credits",
    intent,
    fields: {
      userId: "no-such-member",
      amount: "5",
      reason: "Hostile-input test",
      requestKey: "5b0a7f5e-0000-4000-8000-00000000c0de",
    },
  })),
  // A product's edit page (scraped at SAMPLE_PARAMS) saves the suite's own product, put back at the
  // end; archiving and restoring go to a product that doesn't exist, so the shop the other files
  // use keeps every product on sale.
  { action: "/admin/products/no-such-product", intent: "archive", fields: {} },
  { action: "/admin/products/no-such-product", intent: "restore", fields: {} },
  // Removing a picture names one the product doesn't have, so its drawn picture stays.
  {
    action: "/admin/products/plant-labels",
    intent: "remove-picture",
    fields: { base: "/uploads/products/no-such-picture" },
  },
  // No such category: no product is ever added, whatever the other fields hold.
  {
    action: "/admin/products/new",
    fields: {
      name: "Hostile-input test product",
      category: "Hats",
      price: "12.50",
      stockQuantity: "40",
      summary: "A hostile-input test summary",
      description: "A hostile-input test description.",
      pictures: "",
    },
  },
  // A gift buyer's page (ADR 076): a gift that doesn't exist and a key that isn't one, so nothing
  // is moved, re-sent or e-mailed.
  ...(["change", "resend", "new-link"] as const).map((intent) => ({
    action: "/gift/manage/5b0a7f5e-0000-4000-8000-0000000091f7",
    intent,
    fields: {
      key: "not-a-key",
      requestKey: "5b0a7f5e-0000-4000-8000-0000000091f8",
      sendOn: () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(),
    },
  })),
  // Coaching (issue 41): a question that doesn't exist, so nothing is replied to, closed, consented,
  // taken, answered, noted, marked or published.
  ...(["reply", "close", "consent"] as const).map((intent) => ({
    action: "/coach/00000000-0000-4000-8000-000000000000",
    intent,
    fields: {
      body: "Hostile-input reply",
      requestKey: "hostile-input-coach-reply",
      consent: "yes",
      photos: "",
    },
  })),
  {
    action: "/admin/coach",
    intent: "take",
    fields: { threadId: "00000000-0000-4000-8000-000000000000" },
  },
  {
    action: "/admin/coach/faq",
    intent: "publish",
    fields: { id: "00000000-0000-4000-8000-000000000000" },
  },
  ...(["answer", "note", "take", "close", "useful"] as const).map((intent) => ({
    action: "/admin/coach/00000000-0000-4000-8000-000000000000",
    intent,
    fields: {
      body: "Hostile-input answer",
      requestKey: "hostile-input-coach-answer",
      messageId: "00000000-0000-4000-8000-000000000000",
    },
  })),
];

/** Baselines for fields the pages show that must never keep their real value. */
export const SAFE_BASELINES: Record<string, Baseline> = {
  email,
  newEmail: email,
  password: WRONG_PASSWORD,
  currentPassword: WRONG_PASSWORD,
  newPassword: NEW_PASSWORD,
  // Suspending, restoring or signing out always picks the victim, never one of the suite's own.
  userId: (ctx) => ctx.victimUserId,
  // Never one of the suite's own sessions.
  sessionId: "no-such-session",
  region: "Nelson",
};

/** Per form, baselines that win over what the page shows (see FORMS for why). */
export const FORCED_BASELINES: Record<string, Record<string, Baseline>> = {
  "/admin/waitlist launch": { region: "Atlantis" },
  // Opening a region (issue 21) is the same post under its new name: never a real region, or the
  // fuzz would open Nelson and the waitlist journeys would be offered a subscription instead.
  "/admin/waitlist open": { region: "Atlantis" },
  // A wave (ADR 041) would open the region and e-mail its queue: never a real region either.
  "/admin/waitlist start-wave": { region: "Atlantis" },
  "/admin/tips send": { month: "not-a-month" },
  "/admin/waitlist delete": { id: "5b0a7f5e-0000-4000-8000-000000000000" },
  "/admin/products/new ": { category: "Hats" },
  "/checkout ": { cardNumber: "4000 0000 0000 0002", idempotencyKey: (ctx) => ctx.checkoutKey },
};

/** Example values for path parameters when a page is scraped for its forms. */
export const SAMPLE_PARAMS: Record<string, (ctx: BaselineContext) => string> = {
  "/product/:id": (ctx) => `/product/${ctx.productId}`,
  "/admin/products/:id": (ctx) => `/admin/products/${ctx.productId}`,
  "/education/monthly/:id": () => "/education/monthly/june-2024",
};
