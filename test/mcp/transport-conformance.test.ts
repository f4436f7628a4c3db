/**
 * The session's MCP transport on `node:http` (src/mcp/node-transport.ts) answers as the official
 * SDK's own Streamable HTTP transport does in its JSON-response mode: the same raw requests, good
 * and bad, go to both, and each answer's status, content type and JSON-RPC body must match.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type HttpToolServer } from '../../src/mcp/http.ts';
import { createToolServer, type ToolSource } from '../../src/mcp/tool-server.ts';

/** A tool server's source that notes every call it runs, so both servers' can be compared. */
function recordingSource(): ToolSource & { calls: string[]; release: () => void } {
  const calls: string[] = [];
  let release = () => {};
  return {
    calls,
    release: () => release(),
    list: () => [
      {
        name: 'list_dir',
        description: 'List a folder',
        parameters: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ],
    call: async (name, args) => {
      calls.push(`${name} ${JSON.stringify(args)}`);
      if (name === 'throw') throw Object.assign(new Error('the tool broke'), { code: 7 });
      if (name === 'fail') return { ok: false, error: 'no such folder' };
      if (name === 'wait') await new Promise<void>((resolve) => (release = resolve));
      return {
        ok: true,
        result: name === 'tree' ? { a: [1, 2] } : `listed ${JSON.stringify(args)}`,
      };
    },
  };
}

/** The SDK's transport, one per MCP session, as intentplay served it before. */
async function sdkServer(source: ToolSource): Promise<{ url: string; server: Server }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const server = createServer((req, res) => {
    void (async () => {
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (known) return known.handleRequest(req, res);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      transport.onclose = () => sessions.delete(transport.sessionId ?? '');
      await createToolServer(source).connect(transport);
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

interface Answer {
  status: number;
  type: string | undefined;
  body: unknown;
  /** The body as sent, byte for byte. */
  text: string;
  session: string | undefined;
  allow: string | undefined;
}

const JSON_AND_SSE = 'application/json, text/event-stream';

/** One raw request; an event stream's answer is read no further than its head. */
function send(
  url: string,
  method: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const answer = (text: string): Answer => ({
        status: res.statusCode!,
        type: res.headers['content-type'],
        body: text ? (JSON.parse(text) as unknown) : '',
        text,
        session: res.headers['mcp-session-id'] as string | undefined,
        allow: res.headers.allow,
      });
      if (res.headers['content-type'] === 'text/event-stream') {
        resolve(answer(''));
        return res.destroy();
      }
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve(answer(text)));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rpc = (id: number, method: string, params: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const INIT = rpc(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
});

/**
 * A client's requests, from initialize to delete, with mistakes along the way. Each step gives
 * the method, the body, and headers beyond the usual (accept, content type, session, version).
 */
type Step = [string, unknown, Record<string, string | null>?];
const STEPS: Step[] = [
  ['POST', INIT, { accept: 'application/json' }],
  ['POST', INIT, { 'content-type': 'text/plain' }],
  ['POST', rpc(2, 'tools/list'), { 'mcp-session-id': null }],
  ['POST', INIT],
  ['POST', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ['POST', rpc(3, 'tools/list')],
  ['POST', rpc(4, 'tools/call', { name: 'list_dir', arguments: { path: 'a' } })],
  ['POST', [rpc(5, 'tools/list'), rpc(6, 'tools/call', { name: 'list_dir', arguments: {} })]],
  ['POST', rpc(7, 'no/such/method')],
  // tools/call in its forms: plain ones the transport may run directly, and others the SDK must judge
  [
    'POST',
    rpc(40, 'tools/call', {
      name: 'list_dir',
      arguments: { path: 'b' },
      _meta: { progressToken: 'p1' },
    }),
  ],
  ['POST', rpc(41, 'tools/call', { name: 'list_dir' })],
  [
    'POST',
    {
      jsonrpc: '2.0',
      id: 'call-42',
      method: 'tools/call',
      params: { name: 'tree', arguments: { t: 'é\u2028"<' } },
    },
  ],
  ['POST', rpc(43, 'tools/call', { name: 'fail', arguments: {} })],
  ['POST', rpc(44, 'tools/call', { name: 'throw', arguments: {} })],
  ['POST', rpc(45, 'tools/call', { name: 'list_dir', arguments: ['a'] })],
  ['POST', rpc(46, 'tools/call', { arguments: {} })],
  ['POST', { ...rpc(47, 'tools/call', { name: 'list_dir' }), extra: 1 }],
  ['POST', rpc(48, 'tools/call', { name: 'list_dir', task: { ttl: 1000 } })],
  ['POST', { jsonrpc: '2.0', id: 4.5, method: 'tools/call', params: { name: 'list_dir' } }],
  [
    'POST',
    '{"jsonrpc":"2.0","id":49,"method":"tools/call","params":{"name":"list_dir","arguments":{"__proto__":{"x":1},"path":"c"}}}',
  ],
  ['POST', rpc(50, 'tools/call', { name: 'list_dir', _meta: { progressToken: 2.5 } })],
  ['POST', rpc(51, 'tools/call', { name: 'list_dir', arguments: null })],
  [
    'POST',
    rpc(52, 'tools/call', {
      name: 'list_dir',
      other: true,
      _meta: { progressToken: 3, note: 'x' },
    }),
  ],
  ['POST', { jsonrpc: '2.0', id: 'eight', method: 'ping' }],
  ['POST', '{"jsonrpc": "2.0", "id": 9, "method"'],
  ['POST', 'just a string'],
  ['POST', '"JSON, but not JSON-RPC"'],
  ['POST', Array.from({ length: 101 }, (_, i) => rpc(100 + i, 'ping'))],
  ['POST', INIT],
  ['POST', rpc(10, 'tools/list'), { 'mcp-protocol-version': '1999-01-01' }],
  ['GET', undefined, { accept: 'application/json' }],
  ['GET', undefined, { accept: 'text/event-stream' }],
  ['PUT', rpc(11, 'ping')],
  ['DELETE', undefined],
];

async function play(url: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  let session: string | undefined;
  for (const [method, body, extra = {}] of STEPS) {
    const headers: Record<string, string> = {
      accept: JSON_AND_SSE,
      'content-type': 'application/json',
      ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
    };
    for (const [k, v] of Object.entries(extra))
      if (v === null) delete headers[k];
      else headers[k] = v;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const answer = await send(url, method, body === undefined ? undefined : text, headers);
    session ??= answer.status === 200 ? answer.session : undefined;
    // Session ids differ by nature: only whether there is one is compared.
    answers.push({ ...answer, session: answer.session && 'a session id' });
  }
  return answers;
}

let ours: HttpToolServer;
let sdk: { url: string; server: Server };
const [ourSource, sdkSource] = [recordingSource(), recordingSource()];
beforeAll(async () => {
  ours = await serveHttp(ourSource);
  sdk = await sdkServer(sdkSource);
});
afterAll(async () => {
  await ours.close();
  sdk.server.closeAllConnections();
  sdk.server.close();
});

describe("the node:http MCP transport against the SDK's own", () => {
  it('gives the same answer to every request of a session, good and bad', async () => {
    const [mine, theirs] = [await play(ours.url), await play(sdk.url)];
    for (const [i, step] of STEPS.entries())
      expect(mine[i], `${step[0]} ${JSON.stringify(step[1])?.slice(0, 60)}`).toEqual(theirs[i]);
    // The session's calls ran: the exchange is not a row of refusals.
    expect(mine.map((a) => a.status)).toContain(200);
    expect(mine[6]!.body).toMatchObject({ result: { content: [{ text: 'listed {"path":"a"}' }] } });
    // The same tools ran with the same arguments, in the same order.
    expect(ourSource.calls).toEqual(sdkSource.calls);
    expect(ourSource.calls).toContain('tree {"t":"é\u2028\\"<"}');
  });

  it('leaves unanswered a call the client cancelled while it ran, as the SDK does', async () => {
    for (const [url, source] of [
      [ours.url, ourSource],
      [sdk.url, sdkSource],
    ] as const) {
      const headers = { accept: JSON_AND_SSE, 'content-type': 'application/json' };
      const init = await send(url, 'POST', JSON.stringify(INIT), headers);
      const session = {
        ...headers,
        'mcp-session-id': init.session!,
        'mcp-protocol-version': '2025-06-18',
      };
      let answered = false;
      const call = JSON.stringify(rpc(60, 'tools/call', { name: 'wait' }));
      send(url, 'POST', call, session).then(
        () => (answered = true),
        () => undefined,
      );
      await expect.poll(() => source.calls.at(-1)).toBe('wait {}');
      const cancel = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 60 },
      };
      expect((await send(url, 'POST', JSON.stringify(cancel), session)).status).toBe(202);
      source.release();
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(answered, url).toBe(false);
    }
  });
});
