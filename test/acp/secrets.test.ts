/**
 * A careless acp agent prints its mcpServers (with the session's MCP bearer token) to stderr,
 * in its reply, and then crashes: no piece of the token reaches the agent log, the recording,
 * results.jsonl or the terminal. The model key intentplay holds is not in the agent's
 * environment. Through the real binary, with the test agent on the official SDKs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT, NOTES } from './helpers.ts';

const BIN = path.resolve('bin/intentplay.js');
const KEY = 'sk-test-model-key-0123456789abcdef';

/** Every file below `dir`, as text. */
function texts(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => [f, readFileSync(f, 'utf8')]);
}

describe('the MCP token and the model key stay with intentplay', () => {
  it('reach no output of a run whose agent prints them, and the agent is not given the model key', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-secrets-'));
    const spy = path.join(cwd, 'spy.json');
    for (const mcp of ['', '--stdio-mcp']) {
      const r = spawnSync(
        process.execPath,
        [
          BIN,
          'run',
          NOTES,
          '--agent',
          `acp:node ${AGENT} --leak ${spy} --crash-on 2 ${mcp}`,
          '--user',
          'rules',
          '--judge',
          'rules',
          '--out',
          `out${mcp}`,
          '--json',
        ],
        { cwd, encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: KEY, NO_COLOR: '1' } },
      );
      const told = JSON.parse(readFileSync(spy, 'utf8')) as { servers: string; keys: string[] };
      const token = /Bearer ([\w-]+)|"INTENTPLAY_MCP_TOKEN","value":"([\w-]+)"/
        .exec(told.servers)!
        .slice(1)
        .find(Boolean)!;
      expect(token.length).toBeGreaterThanOrEqual(20);
      expect(told.keys).not.toContain('OPENAI_API_KEY');
      const outputs: [string, string][] = [
        ['stdout', r.stdout],
        ['stderr', r.stderr],
        ...texts(path.join(cwd, `out${mcp}`)),
      ];
      expect(outputs.some(([f]) => f.endsWith('.agent.log'))).toBe(true);
      expect(outputs.map(([, t]) => t).join('\n')).toContain('debug: mcpServers'); // the agent did print them
      const pieces = [token, KEY].flatMap((s) =>
        Array.from({ length: s.length - 9 }, (_, i) => s.slice(i, i + 10)),
      );
      const found = outputs.flatMap(([f, t]) =>
        pieces.filter((p) => t.includes(p)).map((p) => `${f}: ${p}`),
      );
      expect(found).toEqual([]);
    }
  }, 60_000);
});
