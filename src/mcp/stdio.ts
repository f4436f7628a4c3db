/**
 * The tool server over stdio, and the bridge an acp agent without HTTP support starts:
 * `intentplay mcp --connect URL` serves on stdio what the session's HTTP server offers, so
 * every call still lands in the running session.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import type { ToolSpec } from '../tools/registry.ts';
import { createToolServer, type ToolSource } from './tool-server.ts';

/** Serves until stdin closes; resolves then. */
export async function serveStdio(source: ToolSource): Promise<void> {
  const server = createToolServer(source);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stdin.on('end', () => void server.close());
  await closed;
}

/** A remote tool server (the session's, over HTTP) as a tool source. */
export async function remoteSource(url: string, token: string | undefined): Promise<{ source: ToolSource; close(): Promise<void> }> {
  const client = new Client({ name: 'intentplay-bridge', version: INTENTPLAY_VERSION });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}));
  const source: ToolSource = {
    list: async () => (await client.listTools()).tools.map((t): ToolSpec => ({ name: t.name, description: t.description ?? '', parameters: t.inputSchema as Record<string, unknown> })),
    call: async (name, args) => {
      const r = await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> });
      const text = (r.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      return r.isError ? { ok: false, error: text } : { ok: true, result: text };
    },
  };
  return { source, close: () => client.close() };
}
