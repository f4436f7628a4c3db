/**
 * The tool server over Streamable HTTP, in-process: the official SDK client's calls reach the
 * tool source; request bodies the server reads itself (a declared length) and those it leaves to
 * the SDK's transport (chunked, too long, not JSON) get the same answers; a client's connection
 * survives the pause of an agent that thinks between calls.
 */
import { Agent, request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, serveHttp, type HttpToolServer } from '../../src/mcp/http.ts';
import type { ToolSource } from '../../src/mcp/tool-server.ts';

const TOKEN = 'test-token';
const tools = [
  {
    name: 'list_dir',
    description: 'List a folder',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  reusedSocket: boolean;
}

/** One raw POST: `chunked` sends the body without a declared length, as a streaming client may. */
function post(
  url: string,
  body: string,
  opts: { session?: string; chunked?: boolean; agent?: Agent; token?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${opts.token ?? TOKEN}`,
      ...(opts.chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      ...(opts.session
        ? { 'mcp-session-id': opts.session, 'mcp-protocol-version': '2025-06-18' }
        : {}),
    };
    const req = request(url, { method: 'POST', headers, agent: opts.agent }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: text,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    if (opts.chunked) {
      // Two writes before end(): Node sends them chunked, with no content-length.
      req.write(body.slice(0, 10));
      req.end(body.slice(10));
    } else req.end(body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});
const callList = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'list_dir', arguments: { path: `dir-${id}` } },
  });

describe('the MCP tool server over Streamable HTTP', () => {
  let server: HttpToolServer;
  let calls: unknown[];

  beforeEach(async () => {
    calls = [];
    const source: ToolSource = {
      list: () => tools,
      call: async (name, args) => {
        calls.push(args);
        return { ok: true, result: `${name}: a.md` };
      },
    };
    server = await serveHttp(source, { token: TOKEN });
  });
  afterEach(() => server.close());

  async function session(agent?: Agent): Promise<string> {
    const init = await post(server.url, initialize, { agent });
    expect(init.status).toBe(200);
    const id = init.headers['mcp-session-id'];
    expect(typeof id).toBe('string');
    return id as string;
  }

  it('answers the official SDK client: tools with their schemas, and calls that reach the tool source', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const listed = await client.listTools();
    expect(listed.tools[0]).toMatchObject({
      name: 'list_dir',
      inputSchema: { type: 'object', required: ['path'] },
    });
    for (let i = 0; i < 3; i++) {
      const r = await client.callTool({ name: 'list_dir', arguments: { path: `p${i}` } });
      expect(r.content).toEqual([{ type: 'text', text: 'list_dir: a.md' }]);
    }
    expect(calls).toEqual([{ path: 'p0' }, { path: 'p1' }, { path: 'p2' }]);
    await client.close();
  });

  it('answers a call the same whether its body has a declared length or comes chunked', async () => {
    const id = await session();
    const declared = await post(server.url, callList(2), { session: id });
    const chunked = await post(server.url, callList(3), { session: id, chunked: true });
    for (const [answer, n] of [
      [declared, 2],
      [chunked, 3],
    ] as const) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        jsonrpc: '2.0',
        id: n,
        result: { content: [{ type: 'text', text: 'list_dir: a.md' }] },
      });
    }
    expect(calls).toEqual([{ path: 'dir-2' }, { path: 'dir-3' }]);
  });

  it('refuses a body that is not JSON-RPC as a parse error, and keeps serving the session', async () => {
    const id = await session();
    for (const chunked of [false, true]) {
      const bad = await post(server.url, '{"jsonrpc": "2.0", "id": 2, "method"', {
        session: id,
        chunked,
      });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    }
    const notRpc = await post(server.url, '"just a string"', { session: id });
    expect(notRpc.status).toBe(400);
    expect(JSON.parse(notRpc.body)).toMatchObject({ error: { code: -32700 } });
    expect(calls).toEqual([]);
    expect((await post(server.url, callList(4), { session: id })).status).toBe(200);
  });

  it('refuses a body over 4 MB, declared or not, without running anything', async () => {
    const id = await session();
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'list_dir', arguments: { path: 'x'.repeat(4 * 1024 * 1024) } },
    });
    for (const chunked of [false, true])
      expect((await post(server.url, huge, { session: id, chunked })).status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('refuses a request without the bearer token', async () => {
    const answer = await post(server.url, initialize, { token: 'wrong' });
    expect(answer.status).toBe(401);
    expect(calls).toEqual([]);
  });

  it("keeps a client connection open across a pause longer than Node's default five seconds", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const id = await session(agent);
    const first = await post(server.url, callList(6), { session: id, agent });
    expect(first.reusedSocket).toBe(true);
    // What fetch (undici, in the SDK's client) reads to decide how long it may keep the socket.
    expect(first.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    await new Promise((r) => setTimeout(r, 7_000));
    const later = await post(server.url, callList(7), { session: id, agent });
    expect(later.status).toBe(200);
    expect(later.reusedSocket).toBe(true);
    agent.destroy();
  }, 20_000);
});
