/**
 * intentplay's MCP over stdio against a bare server on the official SDK: an SDK client makes the
 * same `list_dir` call through (1) a bare SDK stdio server (test/fixtures/bare-mcp-server.mjs),
 * (2) `intentplay mcp SCENARIO --stdio` (the real tool on a seeded workspace, recorded as a
 * session), and (3) the stdio bridge intentplay starts for an agent without HTTP
 * (`intentplay mcp --connect URL`, to a tool server in this process). Rounds alternate the three,
 * so the machine's load falls on each alike. Uses the built CLI: `npm run build` first.
 *
 *   npm run bench -- stdio-mcp [--calls 300] [--rounds 3] [--old-bin OTHER/bin/intentplay.js]
 *
 * --old-bin adds the bridge of another build (a checkout of an older commit, built), in the same
 * rounds: a before/after at one load.
 */
import '../src/paradigms/index.ts';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serveHttp } from '../src/mcp/http.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const CALLS = arg('--calls', 300);
const ROUNDS = arg('--rounds', 3);
const WARMUP = 30;
const BIN = path.resolve('bin/intentplay.js');
const NOTES = path.resolve('test/fixtures/acp-lib/scenarios/tester/notes.yaml');

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const token = 'bench-token';
const http = await serveHttp(
  {
    list: () => [
      {
        name: 'list_dir',
        description: 'List a folder.',
        parameters: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ],
    call: async () => ({ ok: true, result: ['notes/'] }),
  },
  { token },
);

const oldBinAt = process.argv.indexOf('--old-bin');
const OLD_BIN = oldBinAt >= 0 ? path.resolve(process.argv[oldBinAt + 1]!) : undefined;

const servers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> = {
  'bare SDK server': { command: process.execPath, args: ['test/fixtures/bare-mcp-server.mjs'] },
  'intentplay mcp --stdio': {
    command: process.execPath,
    args: [BIN, 'mcp', NOTES, '--stdio', '--no-record'],
  },
  'intentplay bridge (mcp --connect)': {
    command: process.execPath,
    args: [BIN, 'mcp', '--connect', http.url],
    env: { INTENTPLAY_MCP_TOKEN: token },
  },
};
if (OLD_BIN)
  servers[`bridge of ${OLD_BIN}`] = {
    command: process.execPath,
    args: [OLD_BIN, 'mcp', '--connect', http.url],
    env: { INTENTPLAY_MCP_TOKEN: token },
  };

async function calls(s: (typeof servers)[string]): Promise<number[]> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: s.command,
      args: s.args,
      env: { ...(process.env as Record<string, string>), ...s.env },
      stderr: 'ignore',
    }),
  );
  const ms: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const t0 = performance.now();
    await client.callTool({ name: 'list_dir', arguments: { path: '.' } });
    if (i >= WARMUP) ms.push(performance.now() - t0);
  }
  await client.close();
  return ms;
}

const all: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++)
  for (const [name, s] of Object.entries(servers)) (all[name] ??= []).push(...(await calls(s)));
await http.close();
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
const bare = quantile(all['bare SDK server']!, 0.5);
for (const [name, ms] of Object.entries(all))
  console.log(
    `${name}: n ${ms.length} · median ${quantile(ms, 0.5).toFixed(2)} ms (${(quantile(ms, 0.5) / bare).toFixed(2)}× bare) · p95 ${quantile(ms, 0.95).toFixed(2)} ms`,
  );
