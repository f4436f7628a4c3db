/**
 * The stdio bridge (`intentplay mcp --connect URL`, the real binary) between an SDK client on
 * stdio and the session's HTTP tool server: calls arrive with their arguments and answers come
 * back; a refused request is answered with the server's reason, not left hanging; a server that
 * is not there is named before the client waits for anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/mcp/http.ts';
import type { ToolSource } from '../../src/mcp/tool-server.ts';
import { BIN, bridgeTransport } from '../helpers/mcp-bridge.ts';

function recordingSource() {
  const calls: { name: string; args: unknown }[] = [];
  const source: ToolSource = {
    list: () => [
      { name: 'list_dir', description: 'List a folder.', parameters: { type: 'object' } },
    ],
    call: (name, args) => {
      calls.push({ name, args });
      return Promise.resolve({ ok: true, result: ['notes/'] });
    },
  };
  return { source, calls };
}

/** Three list_dir calls at once reach the source with their arguments, and each answer comes back. */
async function expectThreeCallsAtOnce(client: Client, calls: { args: unknown }[]): Promise<void> {
  expect(client.getServerVersion()?.name).toBe('intentplay');
  const answers = await Promise.all(
    ['a', 'b', 'c'].map((p) => client.callTool({ name: 'list_dir', arguments: { path: p } })),
  );
  expect(answers.map((a) => (a.content as { text: string }[])[0]!.text)).toEqual(
    Array(3).fill('[\n  "notes/"\n]'),
  );
  expect(calls.map((c) => c.args).sort()).toEqual([{ path: 'a' }, { path: 'b' }, { path: 'c' }]);
}

describe('the stdio bridge', () => {
  it('carries calls to the session and its answers back, several at once', async () => {
    const { source, calls } = recordingSource();
    const server = await serveHttp(source, { token: 't' });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(bridgeTransport(server.url, 't'));
    await expectThreeCallsAtOnce(client, calls);
    await client.close();
    await server.close();
  });

  it('answers a request the server refuses with its reason (a wrong token)', async () => {
    const { source, calls } = recordingSource();
    const server = await serveHttp(source, { token: 't' });
    const client = new Client({ name: 'test', version: '1' });
    await expect(client.connect(bridgeTransport(server.url, 'wrong'))).rejects.toThrow(
      "the session's tool server: unauthorized",
    );
    expect(calls).toEqual([]);
    await client.close();
    await server.close();
  });

  it("carries calls over the session's private socket, several at once", async () => {
    const { source, calls } = recordingSource();
    const server = await serveHttp(source, { token: 't', socket: true });
    expect(statSync(path.dirname(server.socket!)).mode & 0o777).toBe(0o700);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(bridgeTransport(server.socket!, 't'));
    await expectThreeCallsAtOnce(client, calls);
    await client.close();
    await server.close();
    expect(existsSync(server.socket!)).toBe(false);
  });

  it('refuses a socket connection without the token, reaching no tool', async () => {
    const { source, calls } = recordingSource();
    const server = await serveHttp(source, { token: 't', socket: true });
    for (const token of ['wrong', undefined]) {
      const client = new Client({ name: 'test', version: '1' });
      await expect(client.connect(bridgeTransport(server.socket!, token))).rejects.toThrow(
        "the session's tool server: unauthorized",
      );
      await client.close();
    }
    expect(calls).toEqual([]);
    await server.close();
  });

  it("says so when the session's socket is not there, without a stack trace", () => {
    const gone = path.join(os.tmpdir(), 'intentplay-no-such-dir', 'mcp.sock');
    const r = spawnSync(process.execPath, [BIN, 'mcp', '--connect', gone], {
      encoding: 'utf8',
      input: '',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`cannot reach the session's tool server at ${gone}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('says so when the session is not there, without a stack trace', () => {
    const r = spawnSync(process.execPath, [BIN, 'mcp', '--connect', 'http://127.0.0.1:9/mcp'], {
      encoding: 'utf8',
      input: '',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("cannot reach the session's tool server at http://127.0.0.1:9/mcp");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
