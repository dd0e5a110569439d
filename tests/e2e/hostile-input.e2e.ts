// Hostile input (issue 17, finding 7): every form action, every JSON endpoint and every page's path
// and query parameters get NUL, lone surrogates, 1 MB strings, wrong types, deep nesting, CR/LF,
// RTL overrides, huge and negative numbers, "../", SQL and HTML. No answer may be a 5xx or take
// more than a few seconds, and afterwards nothing the schemas forbid may be stored or shown back.
import pg from "pg";
import type { Page } from "playwright-core";
import { beforeAll, inject } from "vitest";
import { DEFAULT_BODY_LIMIT } from "#server/middleware/body-limits.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { baseUrl, expect, test } from "./fixtures.ts";
import {
  FORBIDDEN_STORED,
  formBody,
  JSON_BODIES,
  JSON_VALUES,
  percentEncode,
  REQUIRED_FORM_VALUES,
  sampledFor,
  URL_VALUES,
  type FormValue,
  type Hostile,
} from "#tests/e2e/hostile/corpus.ts";
import {
  apiEndpoints,
  EXTRA_QUERY_NAMES,
  FORCED_BASELINES,
  FORMS,
  routeTable,
  SAFE_BASELINES,
  SAMPLE_PARAMS,
  type Baseline,
  type BaselineContext,
  type Role,
} from "#tests/e2e/hostile/targets.ts";
import { PASSWORD, uniqueEmail, waitForMail } from "./members.ts";

/**
 * Longer than any honest answer on a busy two-core machine: a password change hashes twice on
 * low-priority threads, which took over 5 s while other e2e files ran beside it. A hang is still
 * a hang at 15 s.
 */
const ANSWER_WITHIN_MS = 15_000;
/** Sampled values per field, on top of NUL, a lone surrogate and a 1 MB string. */
const SAMPLED_PER_FIELD = 2;
/** Requests in flight at once: enough to keep the server busy, few enough to stay honest. */
const IN_FLIGHT = 4;
const ADMIN = "grow@example.com";
const PRODUCT = "plant-labels";

// ---------------------------------------------------------------------------------------------
// Sending. Each request comes from its own visitor address (the e2e server trusts the proxy
// header), so the rate limits answer for the handler's input, not for the suite's pace.

let visitors = 0;
function visitorAddress(): string {
  visitors++;
  return `100.${64 + ((visitors >> 16) & 63)}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

interface Sent {
  status: number;
  text: string;
  setCookies: string[];
  location: string | null;
}

/** What went wrong in the current test: a 5xx, or no answer in time. */
let problems: string[] = [];
let requests = 0;

async function send(
  what: string,
  path: string,
  init: { method?: string; body?: Buffer | string; contentType?: string; cookie?: string } = {},
  headers: Record<string, string> = {},
): Promise<Sent | undefined> {
  requests++;
  try {
    const res = await fetch(baseUrl() + path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      body: init.body === undefined ? undefined : new Uint8Array(Buffer.from(init.body)),
      redirect: "manual",
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      headers: {
        Origin: baseUrl(),
        "X-Forwarded-For": visitorAddress(),
        ...(init.contentType ? { "Content-Type": init.contentType } : {}),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...headers,
      },
    });
    const text = await res.text();
    if (res.status >= 500) problems.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
    return {
      status: res.status,
      text,
      setCookies: res.headers.getSetCookie(),
      location: res.headers.get("location"),
    };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    // A body past its route's limit is refused with 413 before it is read, and the connection
    // closed under the rest of it: a client still sending may see that close (a reset) instead of
    // the 413 (server/body-limits.test.ts). That is a refusal, not a failure.
    const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    const size = init.body === undefined ? 0 : Buffer.byteLength(init.body);
    const closed = code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET";
    if (!timedOut && size > DEFAULT_BODY_LIMIT && closed) return undefined;
    problems.push(
      timedOut
        ? `${what}: no answer within ${ANSWER_WITHIN_MS} ms`
        : `${what}: ${(error as Error).message}`,
    );
    return undefined;
  }
}

/** Runs the jobs a few at a time. */
async function inFlight(jobs: (() => Promise<unknown>)[], limit = IN_FLIGHT): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

function plainForm(fields: Record<string, string>) {
  return formBody(Object.entries(fields).map(([k, v]) => [k, { kind: "text", text: v }]));
}

// ---------------------------------------------------------------------------------------------
// Sessions, made through the real pages: sign-up, the confirmation e-mail, sign-in.

class Session {
  readonly email: string;
  readonly password: string;
  readonly jar = new Map<string, string>();
  constructor(email: string, password: string) {
    this.email = email;
    this.password = password;
  }
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const pair = line.split(";")[0]!;
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0\b/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  async signedIn(): Promise<boolean> {
    const res = await send("session check", "/auth/session", { cookie: this.cookie });
    return res?.status === 200 && (JSON.parse(res.text) as { signedIn: boolean }).signedIn;
  }
  async signIn(): Promise<boolean> {
    this.jar.clear();
    const form = plainForm({ intent: "sign-in", email: this.email, password: this.password });
    this.take((await send(`sign in as ${this.email}`, "/auth", form))?.setCookies ?? []);
    return this.signedIn();
  }
  /** Signs in, making and confirming the account first when it doesn't exist yet. */
  async start(): Promise<this> {
    if (await this.signIn()) return this;
    const form = plainForm({ intent: "sign-up", email: this.email, password: this.password });
    // The link is opened in the browser that signed up, with its cookies, as a person does.
    this.take((await send(`sign up as ${this.email}`, "/signup", form))?.setCookies ?? []);
    const link = linkIn(
      await waitForMail(this.email, /Confirm your email/),
      `${baseUrl()}/api/auth/verify-email`,
    );
    const opened = await send("confirm e-mail", link.slice(baseUrl().length), {
      cookie: this.cookie,
    });
    this.take(opened?.setCookies ?? []);
    if (!(await this.signedIn()) && !(await this.signIn()))
      throw new Error(`could not sign in as ${this.email}`);
    return this;
  }
  /** Some posts end the session (sign-out, sign out everywhere): then it signs in again. */
  async keepSignedIn() {
    if (!(await this.signedIn()) && !(await this.signIn()))
      throw new Error(`${this.email} can no longer sign in`);
  }
}

// ---------------------------------------------------------------------------------------------
// The forms: what the pages show (scraped with scripts off, as each role), plus FORMS.

interface ScrapedField {
  name: string;
  type: string;
  value: string;
  checked: boolean;
  options: string[];
}
interface ScrapedForm {
  action: string;
  intents: string[];
  fields: ScrapedField[];
}

/** The page's post forms, and whether it sent the visitor elsewhere (to sign in, say). */
async function scrapeForms(
  page: Page,
  path: string,
): Promise<{ forms: ScrapedForm[]; movedOn: boolean }> {
  const res = await page.goto(baseUrl() + path);
  const movedOn = new URL(page.url()).pathname !== path;
  if (!res || res.status() >= 400) return { forms: [], movedOn };
  const forms = await page.evaluate(() =>
    [...document.querySelectorAll("form")]
      .filter((f) => f.method.toLowerCase() === "post")
      .map((f) => {
        const elements = [...f.elements] as HTMLInputElement[];
        const url = new URL(f.action);
        return {
          // An index route's forms post to "?index" (its layout shares the path).
          action: url.pathname + (url.searchParams.has("index") ? "?index" : ""),
          intents: elements.filter((e) => e.name === "intent" && e.value).map((e) => e.value),
          fields: elements
            .filter((e) => e.name && e.name !== "intent" && e.type !== "submit")
            .map((e) => ({
              name: e.name,
              type: e.type,
              value: e.value,
              checked: e.checked,
              options:
                e.tagName === "SELECT"
                  ? [...(e as unknown as HTMLSelectElement).options].map((o) => o.value)
                  : [],
            })),
        };
      }),
  );
  return { forms, movedOn };
}

interface Target {
  action: string;
  file: string;
  intent?: string;
  fields: Map<string, Baseline>;
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`);

/** The route module a post goes to (/auth and /login share one; "?index" is for the index route
 * under a layout of the same path). */
function fileOf(action: string): string {
  const [path, query = ""] = action.split("?") as [string, string?];
  const index = new URLSearchParams(query).has("index");
  const found = routeTable().filter((r) => r.path !== "/*" && pathPattern(r.path).test(path));
  return (found.find((r) => r.index === index) ?? found[0])?.file ?? path;
}

function buildTargets(scraped: ScrapedForm[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  const target = (action: string, intent?: string) => {
    const file = fileOf(action);
    const key = `${file} ${intent ?? ""}`;
    const found = targets.get(key) ?? { action, file, intent, fields: new Map() };
    targets.set(key, found);
    return found;
  };
  for (const form of FORMS) {
    const t = target(form.action, form.intent);
    for (const [name, baseline] of Object.entries(form.fields)) t.fields.set(name, baseline);
  }
  for (const form of scraped) {
    for (const intent of form.intents.length ? form.intents : [undefined]) {
      const t = target(form.action, intent);
      for (const field of form.fields) {
        if (t.fields.has(field.name)) continue;
        const shown =
          field.type === "select-one"
            ? field.value || field.options.find(Boolean) || ""
            : field.value;
        t.fields.set(field.name, SAFE_BASELINES[field.name] ?? shown);
      }
    }
  }
  for (const t of targets.values()) {
    for (const [name, baseline] of Object.entries(
      FORCED_BASELINES[`${t.action} ${t.intent ?? ""}`] ?? {},
    ))
      t.fields.set(name, baseline);
  }
  return targets;
}

const resolve = (baseline: Baseline) => (typeof baseline === "function" ? baseline(ctx) : baseline);

/** The role a form is for gets the whole corpus; the others are turned away, or just visiting. */
function roleFor(action: string): Role {
  if (action.startsWith("/admin")) return "admin";
  if (["/profile", "/address", "/garden"].some((p) => action.startsWith(p))) return "member";
  return "stranger";
}

let fieldCounter = 0;

async function fuzzForm(target: Target, role: Role, session: Session | undefined) {
  const full = roleFor(target.action) === role;
  const text = (t: string): FormValue => ({ kind: "text", text: t });
  const baseline = (): [string, FormValue][] => [
    ...(target.intent ? [["intent", text(target.intent)] as [string, FormValue]] : []),
    ...[...target.fields].map(([name, b]): [string, FormValue] => [name, text(resolve(b))]),
  ];
  const post = (label: string, fields: [string, FormValue][], action = target.action) => {
    const { body, contentType } = formBody(fields);
    return send(`${role} POST ${action} ${target.intent ?? ""} ${label}`, action, {
      body,
      contentType,
      cookie: session?.cookie,
    });
  };
  const jobs: (() => Promise<unknown>)[] = [];
  for (const [name] of baseline()) {
    const values: Hostile<FormValue>[] = full
      ? [...REQUIRED_FORM_VALUES, ...sampledFor(fieldCounter++, SAMPLED_PER_FIELD)]
      : REQUIRED_FORM_VALUES;
    for (const { label, value } of values) {
      jobs.push(() =>
        post(
          `[${name} = ${label}]`,
          baseline().map(([n, v]) => [n, n === name ? value : v]),
        ),
      );
    }
  }
  // A value in the action's own query string (/unsubscribe?token=…) is input too.
  const [path, query] = target.action.split("?");
  for (const [name] of new URLSearchParams(query ?? "")) {
    for (const { label, value } of URL_VALUES.slice(0, 3)) {
      const action = `${path}?${name}=${percentEncode(value)}`;
      jobs.push(() => post(`[?${name} = ${label}]`, baseline(), action));
    }
  }
  if (full) {
    jobs.push(() =>
      post(
        "[nothing but the intent]",
        baseline().filter(([n]) => n === "intent"),
      ),
    );
    jobs.push(() =>
      post("[an unknown field with NUL]", [
        ...baseline(),
        ["unknown\u0000field", { kind: "text", text: "kea\u0000" }],
      ]),
    );
  }
  await inFlight(jobs);
  await session?.keepSignedIn();
}

// ---------------------------------------------------------------------------------------------

const stamp = Date.now();
let freshCount = 0;
let member: Session;
let admin: Session;
let ctx: BaselineContext;
const routes = routeTable();

beforeAll(async () => {
  member = await new Session(uniqueEmail("fuzz-member"), PASSWORD).start();
  const victim = await new Session(uniqueEmail("fuzz-victim"), PASSWORD).start();
  admin = await new Session(ADMIN, PASSWORD).start();
  // The victim's id, from the admin's own user search; the product's price, from the cart check.
  const found = await send(
    "find the victim",
    `/admin/users?q=${encodeURIComponent(victim.email)}`,
    {
      cookie: admin.cookie,
    },
  );
  const victimUserId = /name="userId" value="([^"]+)"/.exec(found?.text ?? "")?.[1];
  if (!victimUserId) throw new Error("the admin's user search doesn't list the victim");
  const check = await send("price", `/api/cart/check?ids=${PRODUCT}`);
  const product = (JSON.parse(check!.text) as { products: { price: number }[] }).products[0]!;
  ctx = {
    freshEmail: () => `fuzz.${stamp}.${++freshCount}@example.nz`,
    victimUserId,
    productId: PRODUCT,
    productPrice: product.price,
    checkoutKey: crypto.randomUUID(),
  };
});

test("every form action answers hostile values with a 4xx or a page, never a 5xx", async ({
  noScriptPage,
}) => {
  problems = [];
  // The forms as each role sees them on every page of the route table.
  // A member sees what a stranger sees, plus the pages that sent the stranger to sign in and the
  // header's own forms; the admin's pages are under /admin.
  const scraped: ScrapedForm[] = [];
  const context = noScriptPage.context();
  const pages = [noScriptPage, await context.newPage(), await context.newPage()];
  const scrape = async (session: Session | undefined, paths: string[]) => {
    await context.clearCookies();
    await context.addCookies(
      [...(session?.jar ?? [])].map(([name, value]) => ({ name, value, url: baseUrl() })),
    );
    const movedOn: string[] = [];
    await Promise.all(
      pages.map(async (page, i) => {
        for (let n = i; n < paths.length; n += pages.length) {
          const found = await scrapeForms(page, paths[n]!);
          scraped.push(...found.forms);
          if (found.movedOn) movedOn.push(paths[n]!);
        }
      }),
    );
    return movedOn;
  };
  const pagePaths = routes
    .filter((r) => r.isPage && r.path !== "/*")
    .map((r) => (r.path.includes(":") ? SAMPLE_PARAMS[r.path]?.(ctx) : r.path))
    .filter((p): p is string => p !== undefined);
  const signInFirst = await scrape(
    undefined,
    pagePaths.filter((p) => !p.startsWith("/admin")),
  );
  await scrape(member, ["/", ...signInFirst]);
  await scrape(
    admin,
    pagePaths.filter((p) => p.startsWith("/admin")),
  );
  const targets = buildTargets(scraped);

  // Every route module that takes posts has a form here, and every field its action reads by name
  // is sent (a new route or field without one fails here: add it to FORMS in hostile/targets.ts).
  const actionFiles = [...new Set(routes.filter((r) => r.hasAction).map((r) => r.file))];
  const byFile = (file: string) => [...targets.values()].filter((t) => t.file === file);
  expect(
    actionFiles.filter((f) => byFile(f).length === 0),
    "action routes with no form to fuzz",
  ).toEqual([]);
  for (const file of actionFiles) {
    const sent = new Set(
      byFile(file).flatMap((t) => [...t.fields.keys(), ...(t.intent ? ["intent"] : [])]),
    );
    const formNames = routes.find((r) => r.file === file)!.formNames;
    expect(
      formNames.filter((n) => !sent.has(n)),
      `${file}: fields no form sends`,
    ).toEqual([]);
  }

  // The product's edit form as it is now, to put it back afterwards (the fuzz edits its words).
  const productBefore = scraped
    .find((f) => f.action === `/admin/products/${PRODUCT}` && f.intents.includes("save"))!
    .fields.map((f): [string, string] => [f.name, f.value]);

  const started = Date.now();
  const n0 = requests;
  try {
    for (const target of targets.values()) {
      await fuzzForm(target, "stranger", undefined);
      await fuzzForm(target, "member", member);
      if (roleFor(target.action) === "admin") await fuzzForm(target, "admin", admin);
    }
  } finally {
    // The e2e server is shared by every test file: the product goes back whatever happened.
    await admin.keepSignedIn();
    const restored = await send("put the product back", "/admin/products", {
      // The list's old one-form-per-product post, which also puts it back on sale.
      ...plainForm({ ...Object.fromEntries(productBefore), id: PRODUCT, active: "on" }),
      cookie: admin.cookie,
    });
    expect(restored?.status, "the product is put back").toBe(302);
  }
  console.warn(`forms: ${requests - n0} requests in ${Date.now() - started} ms`);
  expect(problems).toEqual([]);
}, 240_000);

test("every JSON endpoint answers hostile values with a 4xx, never a 5xx", async () => {
  problems = [];
  // The endpoints server/api.ts declares: a new one without an entry in API fails here.
  const endpoints = apiEndpoints();
  expect(
    endpoints.filter((e) => !(e in API)),
    "endpoints the suite doesn't know",
  ).toEqual([]);
  const started = Date.now();
  const n0 = requests;
  for (const endpoint of endpoints) await inFlight(API[endpoint]!());
  await inFlight(authLinks());
  console.warn(`api: ${requests - n0} requests in ${Date.now() - started} ms`);
  expect(problems).toEqual([]);
}, 120_000);

test("every page answers hostile path and query parameters with a 4xx or a page, never a 5xx", async () => {
  problems = [];
  const started = Date.now();
  const n0 = requests;
  for (const route of routes) {
    // The catch-all has no path of its own; /_dev/crash fails on purpose outside production.
    if (route.path === "/*" || route.path === "/_dev/crash") continue;
    const names = [...new Set([...route.queryNames, ...EXTRA_QUERY_NAMES])];
    const jobs = [undefined, admin].flatMap((session) =>
      URL_VALUES.map(({ label, value }) => () => {
        const encoded = percentEncode(value);
        const path = route.path.replace(/:[^/]+/g, encoded);
        const query = names.map((n) => `${n}=${encoded}`).join("&");
        return send(
          `${session ? "admin" : "stranger"} GET ${route.path} [${label}]`,
          `${path}?${query}`,
          {
            cookie: session?.cookie,
          },
        );
      }),
    );
    await inFlight(jobs);
  }
  console.warn(`pages: ${requests - n0} requests in ${Date.now() - started} ms`);
  expect(problems).toEqual([]);
}, 120_000);

test("afterwards nothing stored holds NUL, a lone surrogate or another forbidden character", async () => {
  problems = [];
  const found: string[] = [];
  const check = (what: string, text: string | undefined) => {
    const m = text === undefined ? null : FORBIDDEN_STORED.exec(text);
    if (!m) return;
    const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    found.push(`${what}: U+${code} in "${text!.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
  };
  // What the admin pages show.
  await admin.keepSignedIn();
  for (const path of [
    "/admin/waitlist.csv",
    "/admin/waitlist",
    "/admin/users",
    "/admin/products",
    "/admin/orders",
  ]) {
    check(path, (await send(`admin GET ${path}`, path, { cookie: admin.cookie }))?.text);
  }
  // On PostgreSQL (TEST_DATABASE_URL), every text and JSON column of ours. PGlite is held open
  // by the server process, so there the pages above are the check.
  const databaseUrl = inject("databaseUrl");
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows: columns } = await client.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
      );
      for (const { table_name: table, column_name: column } of columns) {
        // jsonb writes control characters as \u00XX escapes: those count too.
        const { rows } = await client.query<{ value: string }>(
          `select "${column}"::text as value from "${table}" where "${column}"::text ~ $1 limit 3`,
          [
            "[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\uFFFD\\u202A-\\u202E\\u2066-\\u2069]|\\\\u00[01][0-9a-fA-F]",
          ],
        );
        for (const row of rows)
          found.push(`${table}.${column}: ${JSON.stringify(row.value.slice(0, 120))}`);
      }
    } finally {
      await client.end();
    }
  }
  await member.keepSignedIn();
  // Every page of the account area shows some of what the member saved.
  for (const path of routes.filter((r) => r.path.startsWith("/profile") && r.isPage)) {
    check(
      path.path,
      (await send(`member ${path.path}`, path.path, { cookie: member.cookie }))?.text,
    );
  }
  // Everything about the member, as "Download my data" gives it.
  const confirmed = await send("member export", "/profile/privacy", {
    ...plainForm({ intent: "export-data", password: member.password }),
    cookie: member.cookie,
  });
  const file = confirmed?.location?.startsWith("/profile/my-data.json")
    ? await send("member download", confirmed.location, { cookie: member.cookie })
    : undefined;
  if (file?.status === 200) walkStrings(JSON.parse(file.text), (s, at) => check(`export ${at}`, s));
  else found.push(`the member's data export: ${confirmed?.status} ${file?.status ?? ""}`);
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
});

function walkStrings(value: unknown, visit: (s: string, at: string) => void, at = "$") {
  if (typeof value === "string") visit(value, at);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, visit, `${at}[${i}]`));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      visit(k, `${at} key`);
      walkStrings(v, visit, `${at}.${k}`);
    }
}

// ---------------------------------------------------------------------------------------------
// The JSON endpoints of server/api.ts, each with its own shape of input.

const json = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(",")}}`;

type Jobs = (() => Promise<unknown>)[];

function jsonFields(what: string, path: string, fields: () => Record<string, string>): Jobs {
  const jobs: Jobs = [];
  for (const name of Object.keys(fields())) {
    for (const { label, value } of JSON_VALUES) {
      jobs.push(() =>
        send(`${what} [${name} = ${label}]`, path, {
          body: json({ ...fields(), [name]: value }),
          contentType: "application/json",
        }),
      );
    }
  }
  for (const { label, value } of JSON_BODIES) {
    jobs.push(() =>
      send(`${what} [body: ${label}]`, path, { body: value, contentType: "application/json" }),
    );
  }
  return jobs;
}

function formFields(
  what: string,
  path: string,
  fields: () => Record<string, string>,
  headers: Record<string, string> = {},
): Jobs {
  const jobs: Jobs = [];
  for (const name of Object.keys(fields())) {
    for (const { label, value } of [
      ...REQUIRED_FORM_VALUES,
      ...sampledFor(fieldCounter++, SAMPLED_PER_FIELD),
    ]) {
      jobs.push(() => {
        const { body, contentType } = formBody(
          Object.entries(fields()).map(([k, v]) => [
            k,
            k === name ? value : { kind: "text", text: v },
          ]),
        );
        return send(`${what} [${name} = ${label}]`, path, { body, contentType }, headers);
      });
    }
  }
  return jobs;
}

function query(what: string, path: string, names: string[], method = "GET"): Jobs {
  return URL_VALUES.map(({ label, value }) => () => {
    const q = names.map((n) => `${n}=${percentEncode(value)}`).join("&");
    return send(`${what} [${label}]`, `${path}?${q}`, { method });
  });
}

const waitlistFields = () => ({
  id: JSON.stringify(crypto.randomUUID()),
  email: JSON.stringify(ctx.freshEmail()),
  region: '"Nelson"',
  plan: '"1m2"',
  website: '""',
  page: '"/"',
});

const API: Record<string, () => Jobs> = {
  "GET /api/health": () => query("GET /api/health", "/api/health", ["verbose"]),
  "GET /api/health/live": () => query("GET /api/health/live", "/api/health/live", ["verbose"]),
  "GET /api/health/ready": () => query("GET /api/health/ready", "/api/health/ready", ["verbose"]),
  "POST /api/waitlist": () => [
    ...jsonFields("POST /api/waitlist", "/api/waitlist", waitlistFields),
    // The same endpoint takes the form before scripts have loaded.
    ...formFields("POST /api/waitlist form", "/api/waitlist", () =>
      Object.fromEntries(
        Object.entries(waitlistFields()).map(([k, v]) => [k, JSON.parse(v) as string]),
      ),
    ),
  ],
  "GET /api/cart/check": () => query("GET /api/cart/check", "/api/cart/check", ["ids"]),
  "POST /api/webhooks/stripe": () => [
    ...[...JSON_BODIES, ...JSON_VALUES].map(
      ({ label, value }) =>
        () =>
          send(
            `POST /api/webhooks/stripe [${label}]`,
            "/api/webhooks/stripe",
            { body: value, contentType: "application/json" },
            { "Stripe-Signature": "t=1,v1=kea" },
          ),
    ),
    ...URL_VALUES.map(
      ({ label, value }) =>
        () =>
          send(
            `POST /api/webhooks/stripe [signature ${label}]`,
            "/api/webhooks/stripe",
            {
              body: '{"id":"evt_1","type":"payment_intent.succeeded"}',
              contentType: "application/json",
            },
            { "Stripe-Signature": percentEncode(value) },
          ),
    ),
  ],
  // The bounce and complaint webhooks (ADR 066): off (404) unless their secret is set; hostile
  // bodies and providers are answered in words either way.
  "POST /api/webhooks/email/:provider": () =>
    ["postmark", "ses", "nobody"].flatMap((provider) =>
      [...JSON_BODIES, ...JSON_VALUES].map(
        ({ label, value }) =>
          () =>
            send(
              `POST /api/webhooks/email/${provider} [${label}]`,
              `/api/webhooks/email/${provider}`,
              { body: value, contentType: "application/json" },
              { Authorization: "Basic a2VhOmtlYQ==" },
            ),
      ),
    ),
  "POST /api/webhooks/twilio/sms": () =>
    formFields(
      "POST /api/webhooks/twilio/sms",
      "/api/webhooks/twilio/sms",
      () => ({ From: "+64215550142", To: "+6421000000", Body: "STOP", MessageSid: "SM1" }),
      { "X-Twilio-Signature": "a2VhdHVp" },
    ),
  "POST /api/unsubscribe": () =>
    query("POST /api/unsubscribe", "/api/unsubscribe", ["token"], "POST"),
};

/** better-auth's open links (server/auth-routes.ts): tokens and providers from the URL. */
function authLinks(): Jobs {
  const jobs: Jobs = [];
  for (const { label, value } of URL_VALUES) {
    const v = percentEncode(value);
    for (const path of [
      `/api/auth/verify-email?token=${v}&callbackURL=${v}`,
      `/api/auth/reset-password/${v}?callbackURL=${v}`,
      `/api/auth/callback/google?code=${v}&state=${v}&error=${v}`,
      `/api/auth/error?error=${v}`,
    ]) {
      jobs.push(() => send(`GET ${path.split("?")[0]} [${label}]`, path));
    }
  }
  jobs.push(
    ...formFields("POST /api/auth/callback/apple", "/api/auth/callback/apple", () => ({
      code: "kea",
      state: "kea",
      user: '{"name":{"firstName":"Kea"}}',
      id_token: "kea",
    })),
  );
  return jobs;
}
