/**
 * When the tools change (a proposal scenario's observe and execute turns), MCP clients are told
 * with notifications/tools/list_changed: an SDK client of the HTTP server, and through the stdio
 * bridge (`intentplay mcp --connect`) its stdio clients.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/mcp/http.ts';
import type { ToolSource } from '../../src/mcp/tool-server.ts';
import type { ToolSpec } from '../../src/tools/registry.ts';
import { waitFor } from '../tui/harness.tsx';
import { bridgeTransport } from '../helpers/mcp-bridge.ts';

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

  it('is passed on by the stdio bridge (`intentplay mcp --connect`) to its stdio client', async () => {
    const { source, execute } = switchingSource();
    const server = await serveHttp(source, { token: 't' });
    const client = new Client({ name: 'test', version: '1' });
    let told = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told++);
    await client.connect(bridgeTransport(server.url, 't'));
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
});
