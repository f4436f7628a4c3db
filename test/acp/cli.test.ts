/** `intentplay run` and `watch --plain` with the real binary and the test acp agent. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT, NOTES } from './helpers.ts';

const BIN = path.resolve('bin/intentplay.js');
const cli = (args: string[]) => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-cli-'));
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, cwd };
};

describe('acp agents from the command line', { timeout: 120_000 }, () => {
  it('run --json scores a session of the agent, and a crashing agent fails its runs while the batch goes on', () => {
    const ok = cli(['run', NOTES, '--agent', `acp:node ${AGENT}`, '--json', '--out', 'out']);
    expect(ok.code, ok.stderr).toBe(0);
    const result = JSON.parse(ok.stdout) as { runs: { end: string; proc: number; comp: number }[] };
    expect(result.runs[0]).toMatchObject({ end: 'resolved', proc: 1, comp: 1 });

    const bad = cli([
      'run',
      NOTES,
      '--agent',
      `acp:node ${AGENT} --crash-on 1`,
      '--repeat',
      '2',
      '--out',
      'out',
    ]);
    expect(bad.code).toBe(1);
    const lines = readFileSync(path.join(bad.cwd, 'out/results.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ end: 'error' });
    expect(bad.stdout + bad.stderr).toContain('the agent process exited with code 3');
    const rec = (JSON.parse(lines[0]!) as { recording: string }).recording;
    expect(
      existsSync(path.resolve(bad.cwd, 'out', rec).replace(/\.jsonl$/, '.agent.log')) ||
        existsSync(path.resolve(bad.cwd, rec).replace(/\.jsonl$/, '.agent.log')),
    ).toBe(true);
  });

  it('watch --plain prints the plan, the tool calls and the permission answers as lines', () => {
    const r = cli(['watch', NOTES, '--agent', `acp:node ${AGENT}`, '--plain', '--delay', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('  plan');
    expect(r.stdout).toContain('◐ List the workspace');
    expect(r.stdout).toContain('tool list_dir');
    expect(r.stdout).toMatch(/⚿ denied: Read \/etc\/hostname/);
    expect(r.stdout).toContain('== end: resolved');
  });

  it('watch --plain prints the whole input of a call the agent sent only after it started', () => {
    const r = cli([
      'watch',
      NOTES,
      '--agent',
      `acp:node ${AGENT} --late-input --quiet`,
      '--plain',
      '--delay',
      '0',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // announced bare, then the command came in an update: both show, in order
    const start = r.stdout.indexOf('tool execute title="bash" input={}');
    const end = r.stdout.indexOf('sent in full: ');
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(r.stdout.slice(end).split('\n')[0]).toContain(
      '"input":{"command":"ls -la notes","description":"List the notes folder"}',
    );
  });

  it('--agent-timeout and --one-tool-list are for acp agents, and acp needs a command', () => {
    expect(cli(['run', NOTES, '--agent-timeout', '5']).stderr).toContain(
      '--agent-timeout is for acp agents',
    );
    const list = cli(['run', NOTES, '--agent', 'script', '--one-tool-list']);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain("--one-tool-list is for acp agents (--agent acp:'COMMAND')");
    expect(cli(['run', NOTES, '--agent', 'acp']).stderr).toContain("acp needs acp:'COMMAND ARGS'");
  });
});
