/**
 * When the tools change (a proposal scenario's observe and execute turns), MCP clients are told
 * with notifications/tools/list_changed: an SDK client of the HTTP server, and through the stdio
 * bridge's remote source (`intentplay mcp --connect`) the bridge's own clients.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/mcp/http.ts';
import { remoteSource } from '../../src/mcp/stdio.ts';
import type { ToolSource } from '../../src/mcp/tool-server.ts';
import type { ToolSpec } from '../../src/tools/registry.ts';
import { waitFor } from '../tui/harness.tsx';

const spec = (name: string): ToolSpec => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
});

/** A source whose tools switch between the observe set and the execute set, telling its listeners. */
function switchingSource() {
  let tools = [spec('read_file'), spec('propose')];
  const listeners = new Set<() => Promise<void>>();
  const source: ToolSource = {
    list: () => tools,
    call: () => Promise.resolve({ ok: true, result: 'ok' }),
    onListChanged: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const execute = async () => {
    tools = [spec('read_file'), spec('write_file')];
    for (const l of listeners) await l();
  };
  return { source, execute };
}

describe('tools/list_changed', () => {
  it('reaches an MCP client of the HTTP server, which then lists the new tools', async () => {
    const { source, execute } = switchingSource();
    const server = await serveHttp(source, { token: 't' });
    const client = new Client({ name: 'test', version: '1' });
    let told = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told++);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: 'Bearer t' } },
      }),
    );
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_file', 'propose']);
    await execute();
    await waitFor(() => told === 1);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'read_file',
      'write_file',
    ]);
    await client.close();
    await server.close();
  });

  it('is passed on by the stdio bridge’s remote source', async () => {
    const { source, execute } = switchingSource();
    const server = await serveHttp(source, { token: 't' });
    const remote = await remoteSource(server.url, 't');
    let told = 0;
    remote.source.onListChanged!(async () => void told++);
    expect((await remote.source.list()).map((t) => t.name)).toEqual(['read_file', 'propose']);
    await execute();
    await waitFor(() => told === 1);
    expect((await remote.source.list()).map((t) => t.name)).toEqual(['read_file', 'write_file']);
    await remote.close();
    await server.close();
  });
});
