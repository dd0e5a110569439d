// Draining a server under kept-alive load (server/drain.ts): every request a client sent down an
// accepted connection is answered, the answers after the drain began are their connections'
// last (Connection: close), and the server closes once they are sent. With http.Server.close()
// (which closes every connection it counts idle at once) this test sees requests cut.
import http from "node:http";
import { expect, test } from "vitest";
import { trackConnections } from "./drain.ts";

test("a drain under kept-alive load answers every request it accepted, then closes", async () => {
  const server = http.createServer((_req, res) => setImmediate(() => res.end("ok")));
  server.keepAliveTimeout = 65_000;
  const connections = trackConnections(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let stopped = false;
  let lost = 0;
  let answered = 0;
  let lastAnswers = 0;
  const loop = async () => {
    while (!stopped) {
      await new Promise<void>((resolve) => {
        const req = http.get({ host: "127.0.0.1", port, agent }, (res) => {
          res.resume();
          res.on("end", () => {
            answered++;
            if (res.headers.connection === "close") lastAnswers++;
            resolve();
          });
        });
        req.on("error", () => {
          // Cut: sent down a kept-alive connection the server had accepted and answered on. A new
          // connection refused (or reset from the accept queue as the listener closed) was never
          // accepted: a load balancer's to send elsewhere.
          if (req.reusedSocket) lost++;
          setTimeout(resolve, 5);
        });
      });
    }
  };
  const loops = Array.from({ length: 32 }, loop);
  await new Promise((r) => setTimeout(r, 300));
  const before = answered;
  // Clients that keep using their connections: each is closed by its last answer, not by the
  // sweep of unused ones (a connection closed while unused can always meet a request on its way,
  // the race bench/sigterm.ts measures on a real server).
  await connections.drain({ idleMs: 10_000, deadlineMs: 20_000 });
  stopped = true;
  await Promise.all(loops);
  agent.destroy();
  expect(before).toBeGreaterThan(0);
  expect(lost).toBe(0);
  expect(lastAnswers).toBeGreaterThan(0);
  expect(server.listening).toBe(false);
});
