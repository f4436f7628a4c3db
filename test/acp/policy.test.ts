/** The acp backend spec, its command line, and the permission policy's edges. */
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandArgv } from '../../src/agent/acp/process.ts';
import { insideFolder, pathsIn, policyFor } from '../../src/agent/acp/permissions.ts';
import { parseBackendSpec } from '../../src/session/backend-spec.ts';

describe('--agent acp:COMMAND', () => {
  it('keeps the whole command, colons included', () => {
    expect(
      parseBackendSpec('agent', 'acp:npx @zed-industries/claude-code-acp --model a:b'),
    ).toEqual({
      kind: 'acp',
      name: 'npx @zed-industries/claude-code-acp --model a:b',
    });
  });
  it('needs a command, and is for the agent only', () => {
    expect(() => parseBackendSpec('agent', 'acp')).toThrow(/acp needs acp:'COMMAND ARGS'/);
    expect(() => parseBackendSpec('user', 'acp:x')).toThrow(
      /--user acp:x: expected one of openai, rules, human/,
    );
  });
  it('reads shell quoting, and refuses pipes and redirections', () => {
    expect(commandArgv(`node "my agent.js" --name 'a b'`)).toEqual([
      'node',
      'my agent.js',
      '--name',
      'a b',
    ]);
    expect(() => commandArgv('my-agent | tee log')).toThrow(/shell operators are not run/);
    expect(() => commandArgv('my-agent > out')).toThrow(/shell operators/);
  });
});

describe('the permission policy', () => {
  const ws = mkdtempSync(path.join(os.tmpdir(), 'ip-policy-'));
  mkdirSync(path.join(ws, 'sub'));
  symlinkSync('/etc', path.join(ws, 'etc-link'));
  const none = new Set<string>();

  it('allows what stays inside the workspace in a headless run, and asks when a person is there', () => {
    expect(
      policyFor({ kind: 'edit', paths: [path.join(ws, 'sub/a.md')] }, ws, {
        person: false,
        always: none,
      }),
    ).toEqual({
      decide: 'allowed',
      reason: 'inside the workspace',
    });
    expect(
      policyFor({ kind: 'edit', paths: ['sub/new/b.md'] }, ws, { person: true, always: none }),
    ).toEqual({ ask: true });
  });
  it('denies everywhere what reaches outside: absolute paths, climbing out, symlinks out, home, the network', () => {
    for (const p of [
      '/etc/passwd',
      '../x',
      path.join(ws, 'sub/../../x'),
      path.join(ws, 'etc-link/passwd'),
      '~/.ssh/id_rsa',
    ])
      expect(
        policyFor({ kind: 'read', paths: [p] }, ws, { person: true, always: none }),
      ).toMatchObject({ decide: 'denied' });
    expect(
      policyFor({ kind: 'fetch', paths: [] }, ws, { person: false, always: none }),
    ).toMatchObject({
      decide: 'denied',
      reason: expect.stringMatching(/network/),
    });
  });
  it('remembers "always" per kind of tool', () => {
    expect(
      policyFor({ kind: 'edit', paths: ['a.md'] }, ws, { person: true, always: new Set(['edit']) }),
    ).toMatchObject({
      decide: 'allowed',
    });
    expect(
      policyFor({ kind: 'execute', paths: [] }, ws, { person: true, always: new Set(['edit']) }),
    ).toEqual({ ask: true });
  });
  it('finds paths in a tool input, shell commands included', () => {
    expect(pathsIn({ command: 'cat notes.md > /tmp/x && ls ../..', cwd: ws })).toEqual([
      '/tmp/x',
      '../..',
      ws,
    ]);
    expect(insideFolder(ws, path.join(ws, 'sub'))).toBe(true);
  });
});
