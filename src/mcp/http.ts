/**
 * The tool server over Streamable HTTP on 127.0.0.1, with MCP sessions (the SDK's stateful
 * pattern): a client's `initialize` opens one server and transport, its later requests reuse
 * them (a fresh server per request costs more than the call itself). With a token, a request
 * without `Authorization: Bearer TOKEN` is refused: other processes on the machine cannot reach
 * a session's tools.
 */
import { errorMessage } from '../contracts/errors.ts';
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createToolServer, type ToolSource } from './tool-server.ts';

export interface HttpToolServer {
  url: string;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function serveHttp(source: ToolSource, opts: { port?: number; token?: string } = {}): Promise<HttpToolServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    void (async () => {
      if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) return refuse(res, 401, 'unauthorized');
      if (req.url !== '/mcp') return refuse(res, 404, 'the MCP endpoint is /mcp');
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (typeof id === 'string' && !known) return refuse(res, 404, 'unknown MCP session: initialize again');
      // The SDK's transport reads and checks the body itself.
      if (known) return known.handleRequest(req, res);
      if (req.method !== 'POST') return refuse(res, 400, 'no MCP session: send initialize first');
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await createToolServer(source).connect(transport);
      await transport.handleRequest(req, res);
    })().catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, errorMessage(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of sessions.values()) void t.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
