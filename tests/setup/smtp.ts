// A real SMTP server in-process: what our mailer sends arrives here as raw messages.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMessage, type OutboxMessage } from "#app/modules/notifications/read-outbox.server.ts";

export interface TestSmtp {
  url: string;
  messages: OutboxMessage[];
  /** Messages accepted (counted also when they aren't kept). */
  received: number;
  /** While true, every message is refused with a 451 (temporary failure). */
  failing: boolean;
  close(): Promise<void>;
  waitFor(count: number, ms?: number): Promise<OutboxMessage[]>;
  /**
   * The messages to this address once there are `count` (a queued send arrives a moment after
   * the request that queued it, and may arrive after the next test's start: count by address).
   */
  waitForTo(address: string, count?: number, ms?: number): Promise<OutboxMessage[]>;
}

/**
 * `countOnly` keeps a count instead of parsing each message: for benchmarks, where the load
 * generator shares its process (and CPU) with this server.
 */
export async function startSmtp(options: { countOnly?: boolean } = {}): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: "",
    messages: [],
    received: 0,
    failing: false,
    close: async () => {},
    waitFor: async () => [],
    waitForTo: async () => [],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // A local sink: no reverse DNS look-up of 127.0.0.1 before each connection's greeting.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      if (options.countOnly) stream.resume();
      else stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.failing) {
          const err = new Error("Mailbox temporarily unavailable") as Error & {
            responseCode: number;
          };
          err.responseCode = 451;
          callback(err);
          return;
        }
        state.received++;
        if (!options.countOnly)
          state.messages.push(parseMessage(Buffer.concat(chunks).toString("utf8")));
        callback();
      });
    },
  });
  // A client that dies mid-session (a killed worker) resets its socket: not our server's failure.
  server.on("error", () => {});
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  state.waitFor = async (count, ms = 10_000) => {
    const until = Date.now() + ms;
    while (state.messages.length < count) {
      if (Date.now() > until)
        throw new Error(`expected ${count} e-mails, got ${state.messages.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return state.messages;
  };
  state.waitForTo = async (address, count = 1, ms = 10_000) => {
    const until = Date.now() + ms;
    const to = () => state.messages.filter((m) => m.to === address);
    while (to().length < count) {
      if (Date.now() > until)
        throw new Error(`expected ${count} e-mails to ${address}, got ${to().length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return to();
  };
  return state;
}

/** The first link in a message's text that starts with the given URL prefix. */
export function linkIn(message: OutboxMessage, prefix: string): string {
  const match = message.text.match(
    new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^\\s>]*`),
  );
  if (!match) throw new Error(`no link starting ${prefix} in:\n${message.text}`);
  return match[0];
}
