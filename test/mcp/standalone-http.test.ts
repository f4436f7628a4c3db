/**
 * `intentplay mcp --http` as an outside audit tries it: without the token, with a foreign Host
 * or Origin (DNS rebinding), with malformed bodies; and stopped with SIGTERM, which ends the
 * session and its recording. The client is the official MCP SDK's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';

const BIN = path.resolve('bin/intentplay.js');
const NOTES = path.resolve('test/fixtures/acp-lib/scenarios/tester/notes.yaml');
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'audit', version: '1' },
  },
});

/** One raw POST to /mcp with the headers given; the status and body. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
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
        let text = '';
        res.on('data', (b: Buffer) => (text += b.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let child: ChildProcess;
let stderr = '';
let url: URL;
let token = '';
const rec = mkdtempSync(path.join(os.tmpdir(), 'ip-mcp-audit-'));

beforeAll(async () => {
  child = spawn(process.execPath, [BIN, 'mcp', NOTES, '--http', '0', '--recordings', rec], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  [url, token] = await new Promise<[URL, string]>((resolve, reject) => {
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)[^]*Authorization: Bearer (\S+)/.exec(stderr);
      if (m) resolve([new URL(m[1]!), m[2]!]);
    });
    child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
  });
}, 30_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the standalone MCP server over HTTP', { timeout: 30_000 }, () => {
  it('says in --help how a client gets the token', async () => {
    const help = await new Promise<string>((resolve) => {
      const p = spawn(process.execPath, [BIN, 'mcp', '--help']);
      let out = '';
      p.stdout.on('data', (b: Buffer) => (out += b.toString()));
      p.once('exit', () => resolve(out.replace(/\s+/g, ' ')));
    });
    expect(help).toContain(
      'clients send Authorization: Bearer TOKEN, with the token printed on stderr at start',
    );
  });

  it('refuses requests without the token, and with a foreign Host or Origin even with it', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const tries: [string, Record<string, string>, number][] = [
      ['no token', {}, 401],
      ['a wrong token', { authorization: 'Bearer nope' }, 401],
      ['a foreign Host (DNS rebinding)', { ...bearer, host: `evil.example:${url.port}` }, 403],
      ['a foreign Origin', { ...bearer, origin: 'http://evil.example' }, 403],
      ['an Origin on another port', { ...bearer, origin: 'http://127.0.0.1:1' }, 403],
    ];
    for (const [what, headers, status] of tries) {
      const r = await post(url, headers, INIT);
      expect(r.status, what).toBe(status);
      expect(JSON.parse(r.body), what).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
    expect(
      (await post(url, { ...bearer, origin: `http://localhost:${url.port}` }, INIT)).status,
    ).toBe(200);
  });

  it('answers malformed bodies with an error and keeps serving', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const bodies = [
      '',
      'not json',
      '{',
      '[]',
      '{"jsonrpc":"2.0"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
      '\u0000'.repeat(1000),
      '['.repeat(5000),
    ];
    for (const body of bodies) {
      const r = await post(url, bearer, body);
      expect(r.status, JSON.stringify(body.slice(0, 20))).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(body.slice(0, 20))).toBeLessThan(500);
    }
    const client = new Client({ name: 'audit', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: bearer } }),
    );
    const r = await client.callTool({
      name: 'write_file',
      arguments: { path: 'notes.md', content: '600 RMB' },
    });
    expect(r.isError).toBeFalsy();
    await client.close();
  });

  it('ends the session and its recording on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const file = readdirSync(rec).find((f) => f.endsWith('.jsonl'))!;
    const recording = readRecording(path.join(rec, file));
    expect(recording.complete).toBe(true);
    expect(recording.events.at(-1)).toMatchObject({ type: 'session_end' });
  });
});
