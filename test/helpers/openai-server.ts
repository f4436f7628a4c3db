/**
 * A loopback OpenAI-compatible server for tests and benchmarks: `POST /v1/chat/completions`,
 * streamed (SSE) and not, on 127.0.0.1 at a random port. It answers from a queue of
 * scripted replies, then from a responder function; it can inject every fault and quirk the
 * real client must survive, and it records every request it received.
 *
 *   const server = await startOpenAIServer({ latencyMs: 0 });
 *   server.enqueue({ content: 'Hi!' });                                    // next answer
 *   server.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.md' } }] });
 *   server.respond((req) => ({ content: `echo ${req.body.model}` }));      // when the queue is empty
 *   server.enqueue({ status: 429, headers: { 'retry-after': '1' } });      // a fault
 *   server.enqueue({ content: 'partial', stream: { dropAfter: 2 } });      // a quirk
 *   server.enqueue({ content: 'late', until: told });                      // when told
 *   ... point a client at server.url (it ends in /v1) ...
 *   server.requests[0].body.messages; server.requests[0].headers.authorization;
 *   server.reset();                                                         // between tests
 *   await server.close();
 *
 * With nothing scripted it answers 400 "no reply scripted", so a test fails loudly.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** A string is sent as is (so it may be broken JSON); an object is JSON-encoded. */
  arguments: string | Record<string, unknown>;
}

/** How a streamed answer is shaped; every field defaults to what api.openai.com does. */
export interface StreamShape {
  /** Text and arguments are sent in pieces of this many characters (default 4). */
  chunkChars?: number;
  /** Wait between chunks, for typing-speed demos and benchmarks (default 0). */
  chunkDelayMs?: number;
  /** `missing`: tool-call deltas carry no `index`; `zero`: every parallel call says index 0. */
  toolIndex?: 'normal' | 'missing' | 'zero';
  /** Send tool-call ids (default true); false: the client must make its own. */
  toolIds?: boolean;
  /**
   * Where usage goes when the request asks for it (`stream_options.include_usage`):
   * `separate` an extra chunk with empty `choices` (OpenAI); `last-choice` on the final
   * chunk that has a choice; `none` never.
   */
  usage?: 'separate' | 'last-choice' | 'none';
  /** Send `data: [DONE]` at the end (default true). */
  done?: boolean;
  /** End the response cleanly after N chunks: no finish_reason, no usage, no [DONE]. */
  endAfter?: number;
  /** Destroy the connection after N chunks (a stream that breaks off mid-message). */
  dropAfter?: number;
  /** Stop sending after N chunks but keep the connection open (a stream that goes quiet). */
  stallAfter?: number;
  /** Every chunk has empty `choices` (a broken server): the message never arrives. */
  emptyChoices?: boolean;
}

export interface ScriptedReply {
  content?: string;
  toolCalls?: ScriptedToolCall[];
  /** Default: `tool_calls` when there are tool calls, else `stop`. null: never sent. */
  finishReason?: string | null;
  /** Default: counted from the text (about 4 characters per token). null: report none. */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** Answer with this HTTP error status instead of a completion. */
  status?: number;
  /** The error body for `status` (default: a message naming the status). */
  error?: { message: string; type?: string; code?: string | null };
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** Extra wait before this answer, on top of the server's latencyMs (for timeouts). */
  delayMs?: number;
  /** Answer only once this settles: a reply held until the test says (no race with a clock). */
  until?: Promise<unknown>;
  stream?: StreamShape;
  /** Non-streamed only: send tool arguments as a JSON object instead of a string (a quirk). */
  argumentsAsObject?: boolean;
}

export type Responder = (req: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  stream: boolean;
  /** performance.now() when the request arrived, and when the answer was fully sent. */
  receivedAt: number;
  finishedAt?: number;
}

export interface OpenAITestServer {
  /** Base URL for a client, ending in /v1. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Simulated model latency before every answer (time to first byte). */
  latencyMs: number;
  enqueue(...replies: ScriptedReply[]): void;
  /** Answers requests once the queue is empty. */
  respond(responder: Responder): void;
  /** Requests to /v1/chat/completions only. */
  completions(): RecordedRequest[];
  /** Forgets the queue, the responder and the recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startOpenAIServer(
  opts: { latencyMs?: number; responder?: Responder } = {},
): Promise<OpenAITestServer> {
  const queue: ScriptedReply[] = [];
  let responder = opts.responder;
  const requests: RecordedRequest[] = [];
  let seq = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, {
          error: {
            message: `openai-server crashed: ${(err as Error).message}`,
            type: 'server_error',
          },
        });
      else res.destroy();
    });
  });

  const api: OpenAITestServer = {
    url: '',
    requests,
    latencyMs: opts.latencyMs ?? 0,
    enqueue: (...replies) => void queue.push(...replies),
    respond: (fn) => void (responder = fn),
    completions: () => requests.filter((r) => r.path.endsWith('/chat/completions')),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      responder = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // recorded as the raw text below
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: body ?? raw,
      stream: Boolean((body as { stream?: boolean })?.stream),
      receivedAt: performance.now(),
    };
    requests.push(record);
    res.on('close', () => (record.finishedAt = performance.now()));
    if (path !== '/v1/chat/completions')
      return sendJson(res, 404, {
        error: { message: `Not found: ${path}`, type: 'invalid_request_error' },
      });
    if (req.method !== 'POST')
      return sendJson(res, 405, {
        error: { message: 'Method not allowed', type: 'invalid_request_error' },
      });
    const b = body as { model?: unknown; messages?: unknown } | undefined;
    if (!b || typeof b.model !== 'string' || !Array.isArray(b.messages))
      return sendJson(res, 400, {
        error: {
          message: 'the body must be JSON with `model` and `messages`',
          type: 'invalid_request_error',
        },
      });

    const reply = queue.shift() ?? (responder ? await responder(record) : undefined);
    if (!reply)
      return sendJson(res, 400, {
        error: {
          message: 'openai-server: no reply scripted for this request',
          type: 'invalid_request_error',
        },
      });
    const wait = api.latencyMs + (reply.delayMs ?? 0);
    if (wait > 0) await sleep(wait);
    await reply.until;
    if (res.destroyed) return;
    if (reply.status) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        JSON.stringify({
          error: reply.error ?? {
            message: `scripted error ${reply.status}`,
            type: 'error',
            code: null,
          },
        }),
      );
      return;
    }
    const id = `chatcmpl-${++seq}`;
    const calls = (reply.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_${seq}_${i}`,
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    }));
    // null is a reply's own (no finish reason sent); only an unset one is worked out.
    let finish = reply.finishReason;
    if (finish === undefined) finish = calls.length ? 'tool_calls' : 'stop';
    const content = reply.content ?? (calls.length ? null : '');
    const usage =
      reply.usage === null
        ? undefined
        : (reply.usage ?? {
            prompt_tokens: Math.ceil(JSON.stringify(b.messages).length / 4),
            completion_tokens: Math.ceil(
              ((content ?? '') + calls.map((c) => c.arguments).join('')).length / 4,
            ),
          });
    const withTotal = usage && {
      ...usage,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
    };
    if (!record.stream) {
      const message = {
        role: 'assistant',
        content,
        ...(calls.length
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: 'function',
                function: {
                  name: c.name,
                  arguments: reply.argumentsAsObject ? JSON.parse(c.arguments) : c.arguments,
                },
              })),
            }
          : {}),
      };
      return sendJson(
        res,
        200,
        {
          id,
          object: 'chat.completion',
          created: 0,
          model: b.model,
          choices: [{ index: 0, message, finish_reason: finish }],
          ...(withTotal ? { usage: withTotal } : {}),
        },
        reply.headers,
      );
    }
    const wantsUsage = Boolean(
      (body as { stream_options?: { include_usage?: boolean } }).stream_options?.include_usage,
    );
    await streamReply(res, {
      id,
      model: b.model,
      content: content ?? '',
      calls,
      finish,
      usage: wantsUsage ? withTotal : undefined,
      shape: reply.stream ?? {},
      headers: reply.headers,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (api as { url: string }).url = `http://127.0.0.1:${port}/v1`;
  return api;
}

interface StreamPlan {
  id: string;
  model: string;
  content: string;
  calls: { id: string; name: string; arguments: string }[];
  finish: string | null;
  usage?: object;
  shape: StreamShape;
  headers?: Record<string, string>;
}

async function streamReply(res: ServerResponse, p: StreamPlan): Promise<void> {
  const size = p.shape.chunkChars ?? 4;
  const base = { id: p.id, object: 'chat.completion.chunk', created: 0, model: p.model };
  const choice = (delta: object, finish: string | null = null) => ({
    ...base,
    choices: p.shape.emptyChoices ? [] : [{ index: 0, delta, finish_reason: finish }],
  });
  const indexOf = (i: number) =>
    p.shape.toolIndex === 'missing' ? {} : { index: p.shape.toolIndex === 'zero' ? 0 : i };
  const chunks: object[] = [choice({ role: 'assistant', content: '' })];
  for (const piece of pieces(p.content, size)) chunks.push(choice({ content: piece }));
  p.calls.forEach((c, i) => {
    chunks.push(
      choice({
        tool_calls: [
          {
            ...indexOf(i),
            ...(p.shape.toolIds === false ? {} : { id: c.id }),
            type: 'function',
            function: { name: c.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of pieces(c.arguments, size))
      chunks.push(choice({ tool_calls: [{ ...indexOf(i), function: { arguments: piece } }] }));
  });
  const usageMode = p.shape.usage ?? 'separate';
  if (p.finish !== null || (p.usage && usageMode === 'last-choice'))
    chunks.push({
      ...choice({}, p.finish),
      ...(p.usage && usageMode === 'last-choice' ? { usage: p.usage } : {}),
    });
  if (p.usage && usageMode === 'separate') chunks.push({ ...base, choices: [], usage: p.usage });

  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...p.headers,
  });
  for (const [n, chunk] of chunks.entries()) {
    if (res.destroyed) return;
    if (n === p.shape.endAfter) return void res.end();
    if (n === p.shape.stallAfter) return; // the client's timeout ends it
    if (n === p.shape.dropAfter) {
      // Half an SSE line, then a reset: what a crashed server or proxy leaves behind.
      res.write(`data: {"id":"${p.id}","choi`, () => res.destroy());
      return;
    }
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (p.shape.chunkDelayMs) await sleep(p.shape.chunkDelayMs);
  }
  if (p.shape.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
