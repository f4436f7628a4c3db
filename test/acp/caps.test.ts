/**
 * Caps on what a peer can pile up: an acp agent that floods its reply (30 MB) is stopped at
 * 1,000,000 characters with a session error that says so, and its recording stays small; an
 * MCP client that opens sessions and never closes them keeps at most 32, the oldest closed first.
 */
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS, serveHttp } from '../../src/mcp/http.ts';
import { acp, runAcp } from './helpers.ts';

describe('caps', () => {
  it('stops an acp agent that floods its reply, with a clear error, and keeps the recording small', async () => {
    const run = await runAcp(acp('--flood 30'));
    const [r] = run.results;
    expect(r!.end).toBe('error');
    expect(r!.message).toContain(
      'streamed more than 1,000,000 characters of reply in one prompt, and was stopped (a cap)',
    );
    expect(statSync(r!.recording!).size).toBeLessThan(2_000_000);
  }, 60_000);

  it('keeps at most 32 MCP sessions: the least recently used is closed, and says so', async () => {
    const notices: string[] = [];
    const server = await serveHttp(
      { list: () => [], call: async () => ({ ok: true, result: 'ok' }) },
      { onNotice: (t) => notices.push(t) },
    );
    const url = new URL(server.url);
    const post = (headers: Record<string, string>, body: object) =>
      new Promise<{ status: number; session?: string }>((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...headers,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                session: res.headers['mcp-session-id'] as string | undefined,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'a', version: '1' },
      },
    };
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await post({}, init)).session!);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const status = async (sid: string) =>
      (await post({ 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' }, list)).status;
    expect(await status(ids[0]!)).toBe(404);
    expect(await status(ids[7]!)).toBe(404);
    expect(await status(ids[8]!)).toBe(200);
    expect(await status(ids[39]!)).toBe(200);
    expect(notices).toHaveLength(40 - MAX_SESSIONS);
    expect(notices[0]).toBe(
      'more than 32 MCP sessions open: the least recently used one was closed',
    );
    await server.close();
  }, 30_000);
});
