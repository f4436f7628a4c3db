/**
 * An acp agent's file requests (`fs/read_text_file`, `fs/write_text_file`) and its calls to our
 * MCP file tools are held to the built-in workspace's confinement; a pipe never blocks anything.
 * Against the test agent on the official SDKs (test/fixtures/acp-agent.mjs --fs-probe).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acp, runAcp } from './helpers.ts';

describe('an acp agent stays in its workspace', () => {
  it('is refused hard links, dangling and outside symlinks, paths outside, and pipes; a plain file is served', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-outside-'));
    const secret = path.join(outside, 'secret.txt');
    writeFileSync(secret, 'OUTSIDE');
    const ws = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-ws-'));
    mkdirSync(path.join(ws, 'notes'));
    writeFileSync(path.join(ws, 'plain.txt'), 'x');
    linkSync(secret, path.join(ws, 'linked.txt'));
    symlinkSync(path.join(outside, 'created.txt'), path.join(ws, 'dangling.txt'));
    symlinkSync(outside, path.join(ws, 'out'));
    spawnSync('mkfifo', [path.join(ws, 'pipe')]);
    const names = [
      'plain.txt',
      'linked.txt',
      'dangling.txt',
      'out/secret.txt',
      'out/new.txt',
      '../escape.txt',
      'pipe',
    ];
    const started = Date.now();
    const run = await runAcp(acp(`--fs-probe ${names.join(',')}`), { workspaceDir: ws });
    const lines = run
      .of('message')
      .find((m) => m.role === 'agent')!
      .text.split('\n');
    const outcome = (line: string) => line.replace(/ \(.*$/, '');
    expect(lines.map(outcome)).toEqual(
      names.flatMap((n) =>
        ['read', 'write', 'mcp read_file', 'mcp edit_file'].map(
          (verb) => `${verb} ${n}: ${n === 'plain.txt' ? 'ok' : 'refused'}`,
        ),
      ),
    );
    // nothing outside was read, written or created, and nothing waited on the pipe
    expect(lines.join('\n')).not.toContain('OUTSIDE');
    expect(readFileSync(secret, 'utf8')).toBe('OUTSIDE');
    expect(existsSync(path.join(outside, 'created.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(path.dirname(ws), 'escape.txt'))).toBe(false);
    expect(lines.find((l) => l.startsWith('read pipe'))).toContain('not a regular file');
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
