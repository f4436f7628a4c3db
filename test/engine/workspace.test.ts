/** The agent's tools stay inside the workspace; file tools behave as documented. */
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppStateHost } from '../../src/apps/index.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { MemoryStore } from '../../src/tools/memory.ts';
import { invokeTool, type ToolContext } from '../../src/tools/registry.ts';
import { Workspace } from '../../src/workspace/workspace.ts';
import { evaluateRule } from '../../src/judge/evidence.ts';

const registry = createToolRegistry();
let ws: Workspace;
let outside: string;
let ctx: ToolContext;

const call = (name: string, args: unknown) => invokeTool(registry.resolve(name), name, args, ctx);

beforeEach(() => {
  ws = Workspace.create();
  outside = mkdtempSync(path.join(os.tmpdir(), 'intentplay-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
  ctx = { workspace: ws, memory: new MemoryStore(), apps: new AppStateHost() };
});
afterEach(() => ws.dispose());

describe('confinement', () => {
  it('refuses a file with other hard links: it could be a file outside the workspace', async () => {
    const secret = path.join(outside, 'secret.txt');
    linkSync(secret, path.join(ws.root, 'linked.txt'));
    expect(await call('read_file', { path: 'linked.txt' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('has other hard links'),
    });
    expect(await call('write_file', { path: 'linked.txt', content: 'overwritten' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('has other hard links'),
    });
    expect(readFileSync(secret, 'utf8')).toBe('top secret');
  });

  it('refuses a named pipe, a device path and a socket-like non-file at once: nothing blocks the process', async () => {
    spawnSync('mkfifo', [path.join(ws.root, 'pipe')]);
    symlinkSync('/dev/zero', path.join(ws.root, 'zero'));
    const started = Date.now();
    for (const tool of ['read_file', 'edit_file', 'write_file', 'grep']) {
      const args = { path: 'pipe', content: 'x', old_string: 'a', new_string: 'b', pattern: 'a' };
      const r = await call(tool, args);
      if (tool === 'grep') expect(r).toMatchObject({ ok: true });
      else
        expect(r).toMatchObject({
          ok: false,
          error: expect.stringContaining('pipe is not a regular file'),
        });
    }
    // a symlink to a device outside is refused as an escape before it is opened
    expect(await call('read_file', { path: 'zero' })).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses .. escapes for reading and writing', async () => {
    expect(await call('read_file', { path: '../secret.txt' })).toEqual({
      ok: false,
      error: 'path escapes the workspace: ../secret.txt',
    });
    expect(await call('write_file', { path: 'a/../../x.txt', content: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/escapes the workspace/),
    });
    expect(existsSync(path.join(ws.root, '..', 'x.txt'))).toBe(false);
  });

  it('refuses absolute paths', async () => {
    const secret = path.join(outside, 'secret.txt');
    expect(await call('read_file', { path: secret })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^absolute paths are not allowed/),
    });
    expect(await call('list_dir', { path: '/' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^absolute paths are not allowed/),
    });
  });

  it('refuses a symlinked file that points outside', async () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    expect(await call('read_file', { path: 'link.txt' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/through a symlink/),
    });
    expect(await call('write_file', { path: 'link.txt', content: 'pwned' })).toMatchObject({
      ok: false,
    });
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('refuses writing below a symlinked folder that points outside', async () => {
    symlinkSync(outside, path.join(ws.root, 'out'));
    expect(await call('write_file', { path: 'out/new.txt', content: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/through a symlink/),
    });
    expect(await call('write_file', { path: 'out/deeper/new.txt', content: 'x' })).toMatchObject({
      ok: false,
    });
    expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'deeper'))).toBe(false);
  });

  it('allows symlinks that stay inside the workspace', async () => {
    mkdirSync(path.join(ws.root, 'real'));
    writeFileSync(path.join(ws.root, 'real', 'a.txt'), 'inside');
    symlinkSync(path.join(ws.root, 'real'), path.join(ws.root, 'alias'));
    expect(await call('read_file', { path: 'alias/a.txt' })).toEqual({
      ok: true,
      result: 'inside',
    });
  });

  it('glob and grep do not follow symlinks out of the workspace', async () => {
    symlinkSync(outside, path.join(ws.root, 'out'));
    writeFileSync(path.join(ws.root, 'note.md'), 'secret plans');
    expect(await call('glob', { pattern: '**/*' })).toEqual({ ok: true, result: ['note.md'] });
    const grep = await call('grep', { pattern: 'secret' });
    expect(grep).toEqual({
      ok: true,
      result: { matches: [{ path: 'note.md', line: 1, text: 'secret plans' }], truncated: false },
    });
  });
});

describe('file tools', () => {
  it('glob, grep and the evidence rules match paths the same way, dotfiles included, over many patterns', async () => {
    ws.writeText('.config/a.md', 'x');
    ws.writeText('docs/b.md', 'x');
    expect(await call('glob', { pattern: '**/*.md' })).toEqual({
      ok: true,
      result: ['.config/a.md', 'docs/b.md'],
    });
    expect(
      evaluateRule(
        { file_exists: '.config/*.md' },
        { replies: [], toolCalls: [], files: new Map([['.config/a.md', 'x']]), apps: {} },
      ).holds,
    ).toBe(true);
    // More distinct patterns than the matcher cache keeps: answers stay right after it starts over.
    for (let i = 0; i < 1200; i++)
      expect(await call('glob', { pattern: i % 2 ? `docs/b${i}.md` : 'docs/*.md' })).toEqual({
        ok: true,
        result: i % 2 ? [] : ['docs/b.md'],
      });
  });

  it('a rule matching a whole file quotes a bounded excerpt of it', () => {
    const file = Array.from({ length: 200 }, (_, i) => `line ${i} of the plan`).join('\n');
    const v = evaluateRule(
      { file_matches: { path: 'plan.md', pattern: '(?s)line.*' } },
      { replies: [], toolCalls: [], files: new Map([['plan.md', file]]), apps: {} },
    );
    expect(v.holds).toBe(true);
    expect(v.detail).toMatch(/^plan\.md contains “line 0 of the plan line 1 .*…”$/);
    expect(v.detail.length).toBeLessThan(140);
  });

  it('edit_file replaces exactly one occurrence and fails on zero or several', async () => {
    await call('write_file', { path: 'a.md', content: 'one two two' });
    expect(await call('edit_file', { path: 'a.md', old_string: 'one', new_string: '1' })).toEqual({
      ok: true,
      result: 'edited a.md',
    });
    expect(await call('edit_file', { path: 'a.md', old_string: 'three', new_string: '3' })).toEqual(
      {
        ok: false,
        error: 'old_string not found in a.md',
      },
    );
    expect(
      await call('edit_file', { path: 'a.md', old_string: 'two', new_string: '2' }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/more than once/),
    });
    expect(readFileSync(path.join(ws.root, 'a.md'), 'utf8')).toBe('1 two two');
  });

  it('write_file creates folders; list_dir and read_file with offset/limit', async () => {
    await call('write_file', { path: 'notes/day.md', content: 'l1\nl2\nl3\nl4' });
    expect(await call('list_dir', {})).toEqual({ ok: true, result: ['notes/'] });
    expect(await call('list_dir', { path: 'notes' })).toEqual({
      ok: true,
      result: ['day.md (11 bytes)'],
    });
    expect(await call('read_file', { path: 'notes/day.md', offset: 2, limit: 2 })).toEqual({
      ok: true,
      result: 'l2\nl3',
    });
  });

  it('rejects invalid arguments with a readable error', async () => {
    expect(await call('write_file', { path: 'a.md' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid arguments for write_file: content: /),
    });
    expect(await call('grep', { pattern: '(' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid regex/),
    });
  });

  it('a catastrophic pattern from the model or a scenario cannot block the process: grep and the rules answer at once', async () => {
    const line = `${'a'.repeat(80)}!`;
    ws.writeText('evil.txt', `${line}\n${'word '.repeat(5000)}!`);
    // Backtracking engines take exponential time on these; RE2 takes linear time.
    expect(await call('grep', { pattern: '^(a+)+$' })).toEqual({
      ok: true,
      result: { matches: [], truncated: false },
    });
    expect(await call('grep', { pattern: '(?i)(\\w+\\s?)*!$' })).toMatchObject({
      ok: true,
      result: {
        matches: [
          { path: 'evil.txt', line: 1 },
          { path: 'evil.txt', line: 2 },
        ],
      },
    });
    const scope = {
      replies: [line, `${'x '.repeat(30000)}y`],
      toolCalls: [],
      files: new Map([['evil.txt', line]]),
      apps: {},
    };
    expect(evaluateRule({ reply_matches: '^(a+)+$' }, scope).holds).toBe(false);
    expect(evaluateRule({ reply_matches: '(?i)(x+\\s?)*z$' }, scope).holds).toBe(false);
    expect(
      evaluateRule({ file_matches: { path: '*.txt', pattern: '(a|aa)+!' } }, scope).holds,
    ).toBe(true);
    // Lookaround needs backtracking: the agent gets a clear tool error instead.
    expect(await call('grep', { pattern: 'a(?=!)' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid regex: .*lookahead and lookbehind are not supported/),
    });
  });

  it('memory persists notes and appends', async () => {
    await call('write_memory', { key: 'diet', content: 'vegetarian' });
    await call('write_memory', { key: 'diet', content: 'no nuts', mode: 'append' });
    expect(await call('read_memory', {})).toEqual({
      ok: true,
      result: { diet: 'vegetarian\nno nuts' },
    });
  });

  it('snapshots diff only what changed, including deletions', () => {
    ws.writeText('a.md', 'a\n');
    ws.writeText('b.md', 'b\n');
    const s1 = ws.snapshot();
    ws.writeText('a.md', 'A\n');
    ws.remove('b.md');
    ws.writeText('c.md', 'c\n');
    const diff = Workspace.diff(s1, ws.snapshot(s1));
    expect(diff.map((d) => `${d.path}:${d.change}:+${d.additions}-${d.deletions}`)).toEqual([
      'a.md:modified:+1-1',
      'b.md:deleted:+0-1',
      'c.md:added:+1-0',
    ]);
  });
});
