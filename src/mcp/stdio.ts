/**
 * The tool server over stdio, and the bridge an acp agent without HTTP support starts:
 * `intentplay mcp --connect URL` serves on stdio what the session's HTTP server offers, so
 * every call still lands in the running session.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import type { ToolSpec } from '../tools/registry.ts';
import { createToolServer, type ToolSource } from './tool-server.ts';

/** Serves until stdin closes; resolves then. */
export async function serveStdio(source: ToolSource): Promise<void> {
  const server = createToolServer(source);
  const closed = new Promise<void>((resolve) => {
    const before = server.onclose;
    server.onclose = () => {
      before?.();
      resolve();
    };
  });
  await server.connect(new StdioServerTransport());
  process.stdin.on('end', () => void server.close());
  await closed;
}

/**
 * `fetch` with a signal of its own per request. The SDK's client passes every request the one
 * signal of its connection, and `fetch` adds a listener to it that only goes when the request is
 * garbage-collected: over a long session they pile up (Node warns on stderr past 1,500, and each
 * new one costs more). The connection's signal still aborts the request, and an event stream
 * (the server's messages, read for as long as the connection lasts) stays tied to it.
 */
export const fetchWithOwnSignal: FetchLike = async (url, init) => {
  const shared = init?.signal;
  if (!shared) return fetch(url, init);
  const own = new AbortController();
  const abort = () => own.abort(shared.reason);
  if (shared.aborted) abort();
  else shared.addEventListener('abort', abort, { once: true });
  let streaming = false;
  try {
    const res = await fetch(url, { ...init, signal: own.signal });
    streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
    return res;
  } finally {
    if (!streaming) shared.removeEventListener('abort', abort);
  }
};

/** A remote tool server (the session's, over HTTP) as a tool source. */
export async function remoteSource(
  url: string,
  token: string | undefined,
): Promise<{ source: ToolSource; close(): Promise<void> }> {
  const client = new Client({ name: 'intentplay-bridge', version: INTENTPLAY_VERSION });
  const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      fetch: fetchWithOwnSignal,
      ...(requestInit ? { requestInit } : {}),
    }),
  );
  // The session's server says when its tools change; the bridge passes that on to its own client.
  const listeners = new Set<() => Promise<void>>();
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    for (const l of listeners) await l();
  });
  const source: ToolSource = {
    onListChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: async () =>
      (await client.listTools()).tools.map((t): ToolSpec => ({
        name: t.name,
        description: t.description ?? '',
        parameters: t.inputSchema as Record<string, unknown>,
      })),
    call: async (name, args) => {
      const r = await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> });
      const text = (r.content as { type: string; text?: string }[])
        .map((c) => c.text ?? '')
        .join('\n');
      return r.isError ? { ok: false, error: text } : { ok: true, result: text };
    },
  };
  return { source, close: () => client.close() };
}
