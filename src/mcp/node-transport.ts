/**
 * One MCP session's Streamable HTTP transport on `node:http`, for the official SDK's `Server`
 * (it implements the SDK's `Transport`). It speaks what the SDK's StreamableHTTPServerTransport
 * speaks in its JSON-response mode: POST answers come back as one JSON body, the server's own
 * messages (tools/list_changed) go out on the client's GET event stream, DELETE ends the
 * session; refusals carry the SDK's statuses and messages. What it leaves out is the SDK's
 * conversion of each Node request into a web `Request` and back (Hono's adapter, web streams,
 * an abort signal per request), which cost more than the rest of a call on our side.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { answerDirect, plainToolCall, type CallTool, type PlainToolCall } from './direct-call.ts';

/** The SDK transport's limits on a request body and a batch. */
const MAX_BODY = 4 * 1024 * 1024;
const MAX_BATCH = 100;
const KEEP_ALIVE_EVERY_MS = 15_000;

/** A JSON-RPC error answer with no id, as the SDK's transport refuses a request. */
export function refuse(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.headersSent) return;
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** A POST's requests waiting for their answers, which go back together as its body. */
interface Post {
  res: ServerResponse;
  ids: RequestId[];
  answers: Map<RequestId, JSONRPCMessage>;
}

/**
 * Reads a request's body, at most MAX_BODY bytes: the text, or undefined when it is longer. A
 * body of declared length within the limit arrives as a Buffer or two, so this is one join.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  if (Number(req.headers['content-length']) > MAX_BODY) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

export class NodeHttpTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private readonly waiting = new Map<RequestId, Post>();
  /** The client's GET event stream, for the server's own messages. */
  private stream: ServerResponse | undefined;
  private closed = false;
  /** Plain tool calls under way on the direct way, by id: a cancelled one is not answered. */
  private readonly direct = new Map<RequestId, { cancelled: boolean }>();

  /** With `callTool`, plain tools/call requests take the direct way (direct-call.ts). */
  constructor(
    private readonly onInitialized: (sessionId: string) => void,
    private readonly callTool?: CallTool,
  ) {}

  async start(): Promise<void> {}

  /** One HTTP request of this session (or of the client that opens it with `initialize`). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.closed) return refuse(res, 404, -32001, 'Session not found');
    if (req.method === 'POST') return this.post(req, res);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') {
      if (this.invalid(req, res)) return;
      res.writeHead(200).end();
      return this.close();
    }
    res.setHeader('allow', 'GET, POST, DELETE');
    refuse(res, 405, -32000, 'Method not allowed.');
  }

  private async post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
      return refuse(
        res,
        406,
        -32000,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      );
    if (!isJsonContentType(req.headers['content-type']))
      return refuse(
        res,
        415,
        -32000,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    const text = await readBody(req);
    if (text === undefined)
      return refuse(
        res,
        413,
        -32000,
        `Payload Too Large: Request body must not exceed ${MAX_BODY} bytes`,
      );
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return refuse(res, 400, -32700, 'Parse error: Invalid JSON');
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH)
      return refuse(
        res,
        400,
        -32600,
        `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`,
      );
    const call = this.callTool && plainToolCall(raw);
    if (call) {
      if (this.closed) return refuse(res, 404, -32001, 'Session not found');
      if (this.invalid(req, res)) return;
      return this.callDirect(call, res);
    }
    const parsed = (Array.isArray(raw) ? raw : [raw]).map((m) => JSONRPCMessageSchema.safeParse(m));
    if (parsed.some((p) => !p.success))
      return refuse(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
    const messages = parsed.map((p) => p.data!);
    if (this.closed) return refuse(res, 404, -32001, 'Session not found');
    if (messages.some(isInitializeRequest)) {
      if (this.sessionId !== undefined)
        return refuse(res, 400, -32600, 'Invalid Request: Server already initialized');
      if (messages.length > 1)
        return refuse(
          res,
          400,
          -32600,
          'Invalid Request: Only one initialization request is allowed',
        );
      this.sessionId = randomUUID();
      this.onInitialized(this.sessionId);
    } else if (this.invalid(req, res)) return;
    for (const m of messages) this.cancelDirect(m);
    const extra: MessageExtraInfo = { requestInfo: { headers: req.headers } };
    const ids = messages.filter(isJSONRPCRequest).map((m) => m.id);
    if (!ids.length) {
      for (const m of messages) this.onmessage?.(m, extra);
      res.writeHead(202).end();
      return;
    }
    const post: Post = { res, ids, answers: new Map() };
    for (const id of ids) this.waiting.set(id, post);
    // A client that hangs up leaves nothing waiting: its answers are dropped when they come.
    res.once('close', () => {
      for (const id of ids) if (this.waiting.get(id) === post) this.waiting.delete(id);
    });
    for (const m of messages) this.onmessage?.(m, extra);
  }

  private async callDirect(call: PlainToolCall, res: ServerResponse): Promise<void> {
    const flight = { cancelled: false };
    this.direct.set(call.id, flight);
    const answer = await answerDirect(call, this.callTool!);
    if (this.direct.get(call.id) === flight) this.direct.delete(call.id);
    // As the SDK's server drops the answer of a call cancelled meanwhile, or of a closed session.
    if (flight.cancelled || this.closed) return;
    this.reply(res, answer);
  }

  /** A client's notifications/cancelled for a call on the direct way. */
  private cancelDirect(m: JSONRPCMessage): void {
    if (!('method' in m) || m.method !== 'notifications/cancelled' || 'id' in m) return;
    const flight = this.direct.get(m.params?.requestId as RequestId);
    if (flight) flight.cancelled = true;
  }

  /** A POST's answer: one message, or a batch's in the order of its requests. */
  private reply(res: ServerResponse, answer: JSONRPCMessage | JSONRPCMessage[]): void {
    if (res.writableEnded || res.destroyed) return;
    res
      .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': this.sessionId! })
      .end(JSON.stringify(answer));
  }

  /** The client's event stream for the server's own messages; one at a time. */
  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!req.headers.accept?.includes('text/event-stream'))
      return refuse(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    if (this.invalid(req, res)) return;
    if (this.stream)
      return refuse(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'mcp-session-id': this.sessionId!,
    });
    res.flushHeaders();
    this.stream = res;
    // A comment now and then, as the SDK's transport sends: a client's fetch gives up on a body silent for 5 minutes.
    const beat = setInterval(() => res.write(': keepalive\n\n'), KEEP_ALIVE_EVERY_MS);
    beat.unref();
    res.once('close', () => {
      clearInterval(beat);
      if (this.stream === res) this.stream = undefined;
    });
  }

  /** A request of an unknown or missing session, or of an unsupported protocol version, is answered here (true). */
  private invalid(req: IncomingMessage, res: ServerResponse): boolean {
    const error = (status: number, code: number, message: string) => {
      refuse(res, status, code, message);
      return true;
    };
    if (this.sessionId === undefined)
      return error(400, -32000, 'Bad Request: Server not initialized');
    const sid = req.headers['mcp-session-id'];
    if (!sid) return error(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (sid !== this.sessionId) return error(404, -32001, 'Session not found');
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      return error(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    return false;
  }

  async send(message: JSONRPCMessage, options?: { relatedRequestId?: RequestId }): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const id = message.id;
      const post = id === undefined ? undefined : this.waiting.get(id);
      if (!post || id === undefined) return;
      this.waiting.delete(id);
      post.answers.set(id, message);
      if (post.answers.size < post.ids.length) return;
      const answers = post.ids.map((id) => post.answers.get(id)!);
      return this.reply(post.res, answers.length === 1 ? answers[0]! : answers);
    }
    // A message tied to a request has no stream of its own in JSON-response mode: dropped, as the
    // SDK's transport drops it. The server's own (tools/list_changed) go on the GET stream, if open.
    if (options?.relatedRequestId !== undefined) return;
    this.stream?.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stream?.end();
    this.stream = undefined;
    this.waiting.clear();
    this.onclose?.();
  }
}
