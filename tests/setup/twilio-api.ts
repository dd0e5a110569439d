// A fake of Twilio's Messages API on a local port, for sendSms() pointed at it by TWILIO_API_URL.
// It speaks the subset our code uses, the way Twilio does: POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (the Account SID and auth
// token) and a form-encoded To, From and Body; 201 with the message resource, or Twilio's error JSON
// (code, message, more_info, status). Like Twilio, it refuses a From that isn't one of the
// account's own numbers, so swapped To and From fail as they would in production. Tests read back
// every request it received.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface TwilioRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The Basic credentials as sent, or null without any. */
  auth: { username: string; password: string } | null;
  form: Record<string, string>;
}

export interface FakeTwilio {
  /** For TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** The account's own number (TWILIO_FROM). */
  from: string;
  /** Every request, in order, whatever the answer. */
  requests: TwilioRequest[];
  /** Settings that send texts here. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

type Reply = { status: number; body: unknown };

const E164 = /^\+[1-9]\d{7,14}$/;

function twilioError(status: number, code: number, message: string): Reply {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

function basicAuth(header: string | undefined): TwilioRequest["auth"] {
  const [scheme, encoded] = (header ?? "").split(" ");
  if (scheme !== "Basic" || !encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0
    ? null
    : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startTwilioApi(
  options: { accountSid?: string; authToken?: string; from?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const from = options.from ?? "+6498765432";
  const requests: TwilioRequest[] = [];

  function route(request: TwilioRequest): Reply {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.path);
    if (request.method !== "POST" || !match) {
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    }
    const auth = request.auth;
    if (!auth || auth.username !== accountSid || auth.password !== authToken) {
      return twilioError(401, 20003, "Authenticate");
    }
    if (decodeURIComponent(match[1]!) !== accountSid) {
      return twilioError(401, 20003, "Authenticate");
    }
    const { To: to, From: sender, Body: body } = request.form;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!sender) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(400, 21602, "Message body is required.");
    if (!E164.test(to)) {
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (sender !== from) {
      return twilioError(
        400,
        21606,
        `The From phone number ${sender} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: accountSid,
        to,
        from: sender,
        body,
        status: "queued",
        direction: "outbound-api",
        num_segments: "1",
        api_version: "2010-04-01",
        date_created: now,
        date_updated: now,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      },
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const contentType = req.headers["content-type"];
      const text = await readBody(req);
      const request: TwilioRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        contentType,
        auth: basicAuth(req.headers.authorization),
        form: contentType?.startsWith("application/x-www-form-urlencoded")
          ? Object.fromEntries(new URLSearchParams(text))
          : {},
      };
      requests.push(request);
      const reply = route(request);
      res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accountSid,
    authToken,
    from,
    requests,
    settings: {
      TWILIO_API_URL: url,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
