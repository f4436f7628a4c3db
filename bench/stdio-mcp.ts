/**
 * intentplay's MCP over stdio against a bare server on the official SDK: an SDK client makes the
 * same `list_dir` call through (1) a bare SDK stdio server (test/fixtures/bare-mcp-server.mjs),
 * (2) `intentplay mcp SCENARIO --stdio` (the real tool on a seeded workspace, recorded as a
 * session), and (3) the stdio bridge intentplay starts for an agent without HTTP
 * (`intentplay mcp --connect URL`, and `--connect SOCKET` to its private Unix socket, both to a
 * tool server in a process of its own), and (4) a bare SDK server behind a plain byte-pipe
 * process, the floor for any bridge. Rounds alternate them,
 * so the machine's load falls on each alike. Uses the built CLI: `npm run build` first.
 *
 *   npm run bench -- stdio-mcp [--calls 300] [--rounds 3] [--old-bin OTHER/bin/intentplay.js]
 *
 * --old-bin adds the bridge of another build (a checkout of an older commit, built), in the same
 * rounds: a before/after at one load.
 */
import '../src/paradigms/index.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { createInterface } from 'node:readline';
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
/**
 * The session's tool server, in a process of its own as in a real session (agent, bridge and
 * session are three processes): this file again with --session, which prints its URL and socket.
 */
async function serveSession(): Promise<void> {
  const server = await serveHttp(
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
    { token, socket: true },
  );
  process.stdout.write(`${JSON.stringify({ url: server.url, socket: server.socket })}\n`);
  process.stdin.resume().on('end', () => void server.close().then(() => process.exit()));
}
if (process.argv.includes('--session')) {
  await serveSession();
  await new Promise(() => undefined);
}
const sessionProc = spawn(process.execPath, [process.argv[1]!, '--session'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const [firstLine] = (await once(createInterface({ input: sessionProc.stdout! }), 'line')) as [
  string,
];
const http = JSON.parse(firstLine) as { url: string; socket: string };
// A byte pipe in its own process in front of the bare server: the floor for any bridge.
const PIPE = [
  "const c = require('node:child_process').spawn(process.execPath, [process.argv[1]],",
  "{ stdio: ['pipe', 'pipe', 'ignore'] });",
  'process.stdin.pipe(c.stdin); c.stdout.pipe(process.stdout);',
  "process.stdin.on('end', () => c.stdin.end()); c.on('exit', () => process.exit());",
].join(' ');

const oldBinAt = process.argv.indexOf('--old-bin');
const OLD_BIN = oldBinAt >= 0 ? path.resolve(process.argv[oldBinAt + 1]!) : undefined;

const servers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> = {
  'bare SDK server': { command: process.execPath, args: ['test/fixtures/bare-mcp-server.mjs'] },
  'intentplay mcp --stdio': {
    command: process.execPath,
    args: [BIN, 'mcp', NOTES, '--stdio', '--no-record'],
  },
  'bare SDK server behind a pipe process': {
    command: process.execPath,
    args: ['-e', PIPE, 'test/fixtures/bare-mcp-server.mjs'],
  },
  'intentplay bridge over HTTP (mcp --connect URL)': {
    command: process.execPath,
    args: [BIN, 'mcp', '--connect', http.url],
    env: { INTENTPLAY_MCP_TOKEN: token },
  },
  'intentplay bridge over its socket (mcp --connect SOCKET)': {
    command: process.execPath,
    args: [BIN, 'mcp', '--connect', http.socket],
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
sessionProc.stdin!.end();
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
