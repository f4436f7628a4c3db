/**
 * The real binary in tmux, stopped by a signal: the terminal must be back on its normal
 * screen (tmux's `alternate_on` flag) after SIGINT, SIGTERM and SIGHUP alike. And the plain
 * transcript, stopped by Ctrl-C, exits 130 as `run` does.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
const LIB = path.join(ROOT, 'test/fixtures/lib');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;

const socket = `intentplay-sig-${process.pid}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'intentplay-sig-'));
afterAll(() => {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  rmSync(work, { recursive: true, force: true });
});
const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

async function until<T>(read: () => T, ok: (v: T) => boolean, what: string): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = read();
    if (ok(v)) return v;
    if (Date.now() - t0 > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasTmux)('a signal to the full-screen app', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} leaves the alternate screen`, { timeout: 60_000 }, async () => {
      const name = `sig-${signal}`;
      const cmd = [process.execPath, BIN, 'watch', LIB, '--paused', '--recordings', 'rec']
        .map((a) => `'${a}'`)
        .join(' ');
      tmux(
        'new-session',
        '-d',
        '-s',
        name,
        '-x',
        '160',
        '-y',
        '40',
        '-c',
        work,
        `env NO_COLOR=1 ${cmd}; echo "[exit $?]"; sleep 600`,
      );
      await until(
        () => tmux('display', '-p', '-t', name, '#{alternate_on}').trim(),
        (v) => v === '1',
        'the app to enter the alternate screen',
      );
      await until(
        () => tmux('capture-pane', '-p', '-t', name),
        (s) => s.includes('WATCH'),
        'the app to draw',
      );
      const shell = tmux('display', '-p', '-t', name, '#{pane_pid}').trim();
      const node = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' })
        .trim()
        .split(/\s+/)[0]!;
      process.kill(Number(node), signal);
      const text = await until(
        () => tmux('capture-pane', '-p', '-t', name),
        (s) => s.includes('[exit '),
        'the app to end',
      );
      expect(text).not.toContain('[exit 0]');
      expect(tmux('display', '-p', '-t', name, '#{alternate_on}').trim()).toBe('0');
    });
  }
});

describe('watch --plain and Ctrl-C', () => {
  it('stops and exits 130, as run does', { timeout: 60_000 }, async () => {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'watch',
        LIB,
        '--plain',
        '--delay',
        '3000',
        '--recordings',
        path.join(work, 'plain-rec'),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    await until(
      () => stdout,
      (s) => s.length > 0,
      'the transcript to begin',
    );
    child.kill('SIGINT');
    expect(await code).toBe(130);
  });
});
