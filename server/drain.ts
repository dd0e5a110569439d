// Stopping a web server without cutting a request (SIGTERM; issue 38's "0 requests lost").
// The usual `server.close()` + `closeIdleConnections()` loses requests: a kept-alive client that
// just had its answer writes its next request at once, and the server, which has not read it
// yet, counts the connection idle and closes it under the request (bench/sigterm.ts measures
// that). Instead, from the moment of draining, no new connection is accepted, every answer says
// `Connection: close` (server/app.ts) so its connection closes once it is sent, and only a
// connection that has sat with nothing to answer for `idleMs` (a client that is not using it)
// is closed. The deadline closes whatever is left.
import type { Server as HttpServer, ServerResponse } from "node:http";
import { Server, type Socket } from "node:net";

interface Connection {
  /** Requests read and not yet answered. */
  active: Set<ServerResponse>;
  idleSince: number;
  /** The socket's bytesRead when a sweep last found it idle (undefined: not found idle yet). */
  idleBytes?: number;
}

export interface DrainOptions {
  /** How long a connection with nothing in flight is left for its client's next request. */
  idleMs: number;
  deadlineMs: number;
  onDeadline?: () => void;
}

/** Follows the server's connections from now on; `drain` resolves once the last one is gone. */
export function trackConnections(server: HttpServer): {
  drain(options: DrainOptions): Promise<void>;
} {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  // Node itself then sends `Connection: close` and ends the connection after the answer, whatever
  // headers the answer was made with (a kept page's are immutable).
  const lastAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { active: new Set(), idleSince: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req, res) => {
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.active.add(res);
    if (draining) lastAnswer(res);
    res.once("close", () => {
      connection.active.delete(res);
      connection.idleSince = Date.now();
    });
  });
  return {
    drain({ idleMs, deadlineMs, onDeadline }) {
      draining = true;
      for (const c of connections.values()) c.active.forEach(lastAnswer);
      return new Promise<void>((resolve) => {
        // Closed only when two sweeps in a row find it idle with nothing read in between: the
        // event loop reads sockets between two timers, so a request that arrived while the
        // process was busy (its connection looking idle) is read, not cut.
        const closeUnused = () => {
          const now = Date.now();
          for (const [socket, c] of connections) {
            const idle = c.active.size === 0 && now - c.idleSince >= idleMs;
            if (idle && c.idleBytes === socket.bytesRead) socket.destroy();
            else c.idleBytes = idle ? socket.bytesRead : undefined;
          }
        };
        const sweep = setInterval(closeUnused, Math.max(25, Math.floor(idleMs / 4)));
        const deadline = setTimeout(() => {
          onDeadline?.();
          server.closeAllConnections();
        }, deadlineMs);
        deadline.unref();
        // net.Server's own close: stop listening and call back when the last connection is
        // gone. http.Server's close (Node 19+) first closes every idle connection, the cut above.
        Server.prototype.close.call(server, () => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve();
        });
      });
    },
  };
}
