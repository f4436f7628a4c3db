/**
 * `intentplay mcp --connect URL|SOCKET`: with a socket path, the bridge pipes bytes to the
 * session's private Unix socket (`pipeSocket`, what an acp agent is given). With a URL, the stdio bridge an acp agent without HTTP support starts: it
 * passes each JSON-RPC line from stdin to the session's Streamable HTTP server as is, and each
 * answer back to stdout as is. No MCP client or server of its own sits in between (those parsed,
 * validated and rebuilt every message twice more, and `fetch` cost more than the call): one
 * POST per message on a kept-alive connection, and one event stream for what the server says on
 * its own (tools/list_changed).
 */
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';

interface Message {
  id?: string | number | null;
  method?: string;
  result?: { protocolVersion?: string };
}

export interface Bridge {
  /** Resolves when the input ends (the agent closed the bridge) and the streams are closed. */
  done: Promise<void>;
}

/** A JSON-RPC error answer to `id`, for a request the server could not be asked or refused. */
const errorLine = (id: Message['id'], message: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code: -32000, message } });

/** The `data:` payloads of an event stream, as they come. */
function onEvents(res: IncomingMessage, each: (data: string) => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk.replaceAll('\r\n', '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart());
      if (data.length) each(data.join('\n'));
    }
  });
}

/** Checks that the server answers at all (before the agent is told the bridge is up). */
export async function reachable(url: string): Promise<void> {
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    request(url, { method: 'GET', agent: false }, resolve).on('error', reject).end(),
  );
  res.resume();
}

export function bridgeStdio(
  url: string,
  token: string | undefined,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Bridge {
  // One kept-alive connection per message in flight; Nagle off, so a small request leaves at once.
  const agent = new Agent({ keepAlive: true, noDelay: true });
  let session: string | undefined;
  let version: string | undefined;
  let stream: IncomingMessage | undefined;
  let initialized: Promise<void> = Promise.resolve();
  const write = (line: string) => output.write(`${line}\n`);

  const headers = (accept: string) => ({
    accept,
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(session ? { 'mcp-session-id': session } : {}),
    ...(version ? { 'mcp-protocol-version': version } : {}),
  });

  const send = (method: string, body: string | undefined, accept: string) =>
    new Promise<IncomingMessage>((resolve, reject) =>
      request(url, { method, agent, headers: headers(accept) }, resolve)
        .on('error', reject)
        .end(body),
    );

  /** The server's event stream for this session: its own messages, passed on as they come. */
  const listen = async () => {
    stream = await send('GET', undefined, 'text/event-stream');
    if (stream.statusCode !== 200) return void stream.resume();
    onEvents(stream, write);
  };

  const answer = async (res: IncomingMessage, msg: Message) => {
    if (res.statusCode === 202) return void res.resume();
    if ((res.headers['content-type'] ?? '').startsWith('text/event-stream'))
      return new Promise<void>((resolve) => {
        onEvents(res, write);
        res.on('end', resolve);
      });
    const body = await text(res);
    if ((res.statusCode ?? 500) >= 400) {
      const why = refusal(body) ?? `HTTP ${res.statusCode}`;
      if (msg.id !== undefined) write(errorLine(msg.id, `the session's tool server: ${why}`));
      return;
    }
    if (msg.method === 'initialize') noteSession(res.headers, body);
    write(body.trim());
  };

  const noteSession = (h: IncomingHttpHeaders, body: string) => {
    const sid = h['mcp-session-id'];
    if (typeof sid === 'string') session = sid;
    version = (JSON.parse(body) as Message).result?.protocolVersion;
  };

  const forward = async (line: string) => {
    let msg: Message;
    try {
      msg = JSON.parse(line) as Message;
    } catch {
      return void write(errorLine(null, 'not JSON: one JSON-RPC message a line'));
    }
    // Nothing goes before the session exists: its id comes with the answer to initialize.
    if (msg.method === 'initialize') return (initialized = forwardOne(line, msg));
    await initialized;
    await forwardOne(line, msg);
  };

  const forwardOne = async (line: string, msg: Message) => {
    try {
      await answer(await send('POST', line, 'application/json, text/event-stream'), msg);
      if (msg.method === 'initialize' && session) void listen().catch(() => undefined);
    } catch (err) {
      if (msg.id !== undefined)
        write(errorLine(msg.id, `the session's tool server: ${String(err)}`));
    }
  };

  const lines = createInterface({ input, crlfDelay: Infinity });
  const inFlight = new Set<Promise<void>>();
  lines.on('line', (line) => {
    if (!line.trim()) return;
    const p = forward(line).finally(() => inFlight.delete(p));
    inFlight.add(p);
  });
  const done = new Promise<void>((resolve) =>
    lines.on('close', () => {
      void Promise.allSettled([...inFlight]).then(() => {
        stream?.destroy();
        agent.destroy();
        resolve();
      });
    }),
  );
  return { done };
}

/** The message of a JSON-RPC error body, if the body is one. */
function refusal(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message;
  } catch {
    return undefined;
  }
}

/**
 * The bridge to the session's private Unix socket (socket.ts): the token on the first line, then
 * stdin and stdout piped to the socket as they are, with nothing read or rebuilt in between.
 */
export async function pipeSocket(
  socketPath: string,
  token: string | undefined,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<Bridge> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(socketPath, () => resolve(s)).once('error', reject);
  });
  socket.setNoDelay(true);
  socket.write(`${token ?? ''}\n`);
  input.pipe(socket);
  socket.pipe(output);
  const done = new Promise<void>((resolve) => {
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      // The session is gone: stop reading, so the bridge process can end.
      input.unpipe(socket);
      input.destroy();
      resolve();
    });
  });
  return { done };
}
