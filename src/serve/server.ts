/**
 * The HTTP and WebSocket server of `serve`: every address is /t/TOKEN/… and a wrong or missing
 * token gets a bare 404 (page, assets and socket alike). The page is the same for every use;
 * what a token opens (a door) decides the screen behind the socket, and whether keys count.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { UserError } from '../contracts/diagnostics.ts';
import { asset } from './assets.ts';
import type { CellSize } from './hosted-screen.tsx';
import { clampSize, MAX_BUFFERED, MAX_INPUT, MAX_MESSAGE, MIN_SIZE, RateLimit } from './limits.ts';
import { pageHtml } from './page.ts';

/** One browser connection, as a door sees it. */
export interface Connection {
  output(data: string): void;
  /** A line the page shows under the terminal. */
  notice(text: string): void;
  /** Fixed-size screens: the page scales its font to show this many cells. */
  size(size: CellSize): void;
  /** Ends the connection; the page shows `reason` (and `link` under it) and does not reconnect. */
  end(reason: string, link?: PageLink): void;
  /** Sends the page on to another token's address (the open link of a study hands out a personal one). */
  go(token: string): void;
  onInput?: (data: string) => void;
  onResize?: (size: CellSize) => void;
  onClose?: () => void;
}

/** A link the page shows under its last words (an online panel's return address). */
export interface PageLink {
  href: string;
  text: string;
}

/** What a token opens. */
export interface Door {
  title: string;
  /** 'fit': the page sizes the terminal to its window; 'fixed': the screen has one size and the page scales it. */
  layout: 'fit' | 'fixed';
  /** Whether this page's keys are read (viewers' are not). */
  typing: boolean;
  open(conn: Connection, size: CellSize): void;
}

/** What the server asks of a token: the door it opens, if any. */
export interface Doors {
  find(token: string | undefined): Door | undefined;
}

export interface ServeOptions {
  host: string;
  port: number;
  doors: Doors;
  /** The address people use (a TLS reverse proxy in front): printed links start with it. */
  publicUrl?: string | undefined;
  /** How often each connection is pinged (ms); one that has not answered the last ping is closed. */
  pingMs?: number;
}

export interface RunningServer {
  /** The base address, without a token: http://HOST:PORT */
  origin: string;
  link(token: string): string;
  close(): Promise<void>;
}

const PATH = /^\/t\/([A-Za-z0-9_-]+)(\/.*)?$/;
const PING_MS = 20_000;
/** Messages of keys kept for a door that does not listen yet (each at most MAX_INPUT long). */
const MAX_HELD = 64;

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  const server = createServer((req, res) => handle(opts, req, res));
  const alive = new WeakSet<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const found = route(opts, req);
    if (!found || found.rest !== '/ws' || !sameOrigin(req)) return refuse(socket);
    sockets.handleUpgrade(req, socket, head, (ws) => {
      // handleUpgrade emits no 'connection' event with noServer: a socket counts as alive from
      // here, and each pong keeps it so. (Registered on 'connection', no socket was ever alive,
      // and every page was dropped at the next ping and had to reconnect, losing keys meanwhile.)
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      connect(ws, found.door, req);
    });
  });
  // A connection whose network went away silently is noticed within two pings and closed.
  const pinger = setInterval(() => {
    for (const ws of sockets.clients) {
      if (!alive.has(ws)) ws.terminate();
      else {
        alive.delete(ws);
        ws.ping();
      }
    }
  }, opts.pingMs ?? PING_MS);
  pinger.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new UserError(
              `--port ${opts.port}: that port is in use; pick another (0 takes any free port)`,
            )
          : new UserError(`cannot listen on ${opts.host}:${opts.port}: ${err.message}`),
      ),
    );
    server.listen(opts.port, opts.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    link: (token) => `${(opts.publicUrl ?? origin).replace(/\/+$/, '')}/t/${token}/`,
    close: async () => {
      clearInterval(pinger);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function route(
  opts: ServeOptions,
  req: IncomingMessage,
): { door: Door; token: string; rest: string } | undefined {
  const match = PATH.exec(new URL(req.url ?? '/', 'http://x').pathname);
  const door = opts.doors.find(match?.[1]);
  return door && match ? { door, token: match[1]!, rest: match[2] ?? '' } : undefined;
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  res.end('not found\n');
}

function handle(opts: ServeOptions, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS });
    res.end();
    return;
  }
  const found = route(opts, req);
  if (!found) return notFound(res);
  const { door, token, rest } = found;
  if (rest === '') {
    res.writeHead(301, { location: `/t/${token}/`, ...SECURITY_HEADERS });
    res.end();
    return;
  }
  if (rest === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS });
    res.end(req.method === 'HEAD' ? undefined : pageHtml(door));
    return;
  }
  const file = rest.startsWith('/assets/') ? asset(rest.slice('/assets/'.length)) : undefined;
  if (!file) return notFound(res);
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': file.body.length,
    ...SECURITY_HEADERS,
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** A browser's socket must come from the page it was served (no other site may open it with the token). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: the token alone decides
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex): void {
  socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}

function connect(ws: WebSocket, door: Door, req: IncomingMessage): void {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const asked = clampSize(Number(query.get('cols')), Number(query.get('rows'))) ?? MIN_SIZE;
  const limit = new RateLimit();
  let warned = 0;
  const warn = (text: string) => {
    // One notice a second at most: a flood of refused keys must not become a flood of notices.
    if (performance.now() - warned < 1000) return;
    warned = performance.now();
    conn.notice(text);
  };
  const send = (kind: 'o' | 'c', body: string) => {
    if (ws.readyState !== ws.OPEN) return;
    // A client that cannot keep up is dropped; its page reconnects and gets the screen afresh.
    if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
    ws.send(kind + body);
  };
  // Keys that come before the door listens (a study's screen still starting, which a page
  // reconnecting with queued keys meets at once) wait for it rather than being dropped.
  let onInput: ((data: string) => void) | undefined;
  let held: string[] = [];
  const conn: Connection = {
    get onInput() {
      return onInput;
    },
    set onInput(listener) {
      onInput = listener;
      const early = held;
      held = [];
      if (listener) for (const data of early) listener(data);
    },
    output: (data) => send('o', data),
    notice: (text) => send('c', JSON.stringify({ type: 'notice', text })),
    size: (size) => send('c', JSON.stringify({ type: 'size', ...size })),
    end: (reason, link) => {
      send('c', JSON.stringify({ type: 'end', text: reason, ...(link ? { link } : {}) }));
      ws.close(1000, 'end');
    },
    go: (token) => {
      send('c', JSON.stringify({ type: 'go', token }));
      ws.close(1000, 'go');
    },
  };
  ws.on('message', (raw, isBinary) => {
    if (isBinary) return;
    let message: { type?: unknown; data?: unknown; cols?: unknown; rows?: unknown };
    try {
      message = JSON.parse(String(raw)) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'size') {
      const size = clampSize(message.cols, message.rows);
      if (size) conn.onResize?.(size);
      return;
    }
    if (message.type !== 'in' || typeof message.data !== 'string') return;
    if (!door.typing) return warn('This page only watches: keys typed here go nowhere.');
    if (message.data.length > MAX_INPUT)
      return warn(`That paste was too long (over ${MAX_INPUT} characters) and was not sent.`);
    if (!limit.take()) return warn('Keys are arriving too fast: some were dropped.');
    if (onInput) onInput(message.data);
    else if (held.length < MAX_HELD) held.push(message.data);
  });
  ws.on('close', () => conn.onClose?.());
  ws.on('error', () => ws.terminate());
  send('c', JSON.stringify({ type: 'hello', layout: door.layout, typing: door.typing }));
  door.open(conn, asked);
}
