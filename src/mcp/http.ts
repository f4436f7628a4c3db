/**
 * The tool server over Streamable HTTP on 127.0.0.1, with MCP sessions (the SDK's stateful
 * pattern): a client's `initialize` opens one server and transport, its later requests reuse
 * them (a fresh server per request costs more than the call itself). Each session's transport
 * is node-transport.ts, on node:http without the web Request/Response conversion. With a token,
 * a request without `Authorization: Bearer TOKEN` is refused: other processes on the machine
 * cannot reach a session's tools.
 */
import { errorMessage } from '../contracts/errors.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { warmDirectCall } from './direct-call.ts';
import { NodeHttpTransport, refuse as refuseRpc } from './node-transport.ts';
import { serveSocket, type SocketToolServer } from './socket.ts';
import { callToolResult, createToolServer, type ToolSource } from './tool-server.ts';

export interface HttpToolServer {
  url: string;
  /** The private Unix socket for the stdio bridge, when asked for (see socket.ts). */
  socket?: string;
  close(): Promise<void>;
}

/** How long a client's idle connection is kept open between its calls. */
export const KEEP_ALIVE_MS = 10 * 60_000;

/** MCP sessions kept at once: a client that opens more (and never closes them) loses its least recently used. */
export const MAX_SESSIONS = 32;
/** An MCP session unused this long is closed (as the connection under it would be). */
export const SESSION_IDLE_MS = KEEP_ALIVE_MS;

/**
 * DNS rebinding: a web page's script can reach 127.0.0.1 under a name of its own. Only requests
 * addressed to this server by a loopback name, and from no web origin but that, are served.
 */
function foreign(req: IncomingMessage, port: number): string | undefined {
  const local = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (!local.has(req.headers.host ?? ''))
    return `Host ${JSON.stringify(req.headers.host ?? '')} is not this server`;
  const origin = req.headers.origin;
  if (origin !== undefined && !local.has(origin.replace(/^http:\/\//, '')))
    return `Origin ${JSON.stringify(origin)} is not allowed`;
  return undefined;
}

const refuse = (res: ServerResponse, status: number, message: string) =>
  refuseRpc(res, status, -32000, message);

export async function serveHttp(
  source: ToolSource,
  opts: {
    port?: number;
    token?: string;
    onNotice?: (text: string) => void;
    /** Also listen on a private Unix socket, for the stdio bridge. */
    socket?: boolean;
  } = {},
): Promise<HttpToolServer> {
  warmDirectCall();
  // In order of last use (a Map keeps insertion order: a used session is moved to the end).
  const sessions = new Map<string, { transport: NodeHttpTransport; used: number }>();
  const use = (sid: string, transport: NodeHttpTransport) => {
    sessions.delete(sid);
    sessions.set(sid, { transport, used: Date.now() });
    for (const [old, s] of sessions) {
      if (sessions.size <= MAX_SESSIONS) break;
      sessions.delete(old);
      void s.transport.close();
      opts.onNotice?.(
        `more than ${MAX_SESSIONS} MCP sessions open: the least recently used one was closed`,
      );
    }
  };
  const sweep = setInterval(() => {
    for (const [sid, s] of sessions)
      if (Date.now() - s.used > SESSION_IDLE_MS) {
        sessions.delete(sid);
        void s.transport.close();
      }
  }, 60_000);
  sweep.unref();
  // An agent thinks for seconds between tool calls; Node's 5 s keep-alive would make it open a
  // new connection for most of them. Idle sockets cost nothing, and close() ends them all.
  const http = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    void (async () => {
      const notHere = foreign(req, port);
      if (notHere) return refuse(res, 403, `forbidden: ${notHere}`);
      if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`)
        return refuse(res, 401, 'unauthorized');
      if (req.url !== '/mcp') return refuse(res, 404, 'the MCP endpoint is /mcp');
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id)?.transport : undefined;
      if (typeof id === 'string' && !known)
        return refuse(res, 404, 'unknown MCP session: initialize again');
      if (known) {
        use(id as string, known);
        return known.handle(req, res);
      }
      if (req.method !== 'POST') return refuse(res, 400, 'no MCP session: send initialize first');
      const transport: NodeHttpTransport = new NodeHttpTransport(
        (sid) => use(sid, transport),
        (name, args) => callToolResult(source, name, args),
      );
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await createToolServer(source).connect(transport);
      await transport.handle(req, res);
    })().catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, errorMessage(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const unix: SocketToolServer | undefined = opts.socket
    ? await serveSocket(source, { token: opts.token })
    : undefined;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    socket: unix?.path,
    close: () =>
      new Promise<void>((resolve) => {
        void unix?.close();
        clearInterval(sweep);
        for (const s of sessions.values()) void s.transport.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
