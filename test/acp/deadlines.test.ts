/**
 * Every deadline stops the acp agent's whole process group and lets intentplay go on and exit:
 * an agent that never answers `initialize` (with a child of its own that would outlive it),
 * in-process and through the real binary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acp, AGENT, NOTES, runAcp } from './helpers.ts';

const BIN = path.resolve('bin/intentplay.js');
const running = (tag: string) => spawnSync('pgrep', ['-f', tag]).status === 0;

describe('an acp agent that never answers initialize', () => {
  it('is stopped at the deadline with the child it started, and the session is an error that says so', async () => {
    const tag = `hang-init-${process.pid}-${Date.now()}`;
    const run = await runAcp(acp(`--hang-init --child --tag ${tag}`, 1500));
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toMatch(
      /took longer than 2 s to start \(--agent-timeout\), and was stopped/,
    );
    expect(running(tag)).toBe(false);
  }, 20_000);

  it('is stopped with its child when the person quits while it starts (the TUI quits this way)', async () => {
    const tag = `quit-init-${process.pid}-${Date.now()}`;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1000);
    const started = Date.now();
    const run = await runAcp(acp(`--hang-init --child --tag ${tag}`, 60_000), {
      signal: controller.signal,
    });
    expect(run.results[0]!.end).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(running(tag)).toBe(false);
  }, 20_000);

  it('run exits (code 1) soon after --agent-timeout, leaving no process behind', async () => {
    const tag = `hang-init-cli-${process.pid}-${Date.now()}`;
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'ip-acp-deadline-'));
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [
        BIN,
        'run',
        NOTES,
        '--agent',
        `acp:node ${AGENT} --hang-init --child --tag ${tag}`,
        '--agent-timeout',
        '2',
        '--out',
        'out',
      ],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 25_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, output).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(output).toContain('took longer than 2 s to start');
    expect(running(tag)).toBe(false);
  }, 30_000);
});
