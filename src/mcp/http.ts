/**
 * The tool server over Streamable HTTP on 127.0.0.1. Stateless: each request gets a fresh
 * server and transport (the SDK's stateless pattern), so one client's state never leaks into
 * another's. With a token, a request without `Authorization: Bearer TOKEN` is refused: other
 * processes on the machine cannot reach a session's tools.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createToolServer, type ToolSource } from './tool-server.ts';

export interface HttpToolServer {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch {
        reject(new Error('the request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function serveHttp(source: ToolSource, opts: { port?: number; token?: string } = {}): Promise<HttpToolServer> {
  const http = createServer((req, res) => {
    void (async () => {
      if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) return refuse(res, 401, 'unauthorized');
      if (req.url !== '/mcp') return refuse(res, 404, 'the MCP endpoint is /mcp');
      if (req.method !== 'POST') return refuse(res, 405, 'stateless server: POST only');
      let body: unknown;
      try {
        body = await readBody(req);
      } catch (err) {
        return refuse(res, 400, (err as Error).message);
      }
      const server = createToolServer(source);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, (err as Error).message);
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
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
