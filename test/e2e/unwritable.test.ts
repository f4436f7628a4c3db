/**
 * A results or recordings folder that cannot be written (here: a file stands where a folder
 * should be; a full disk or a read-only file system give the same kind of line) is a one-line
 * error naming the folder and why, exit 1, never an internal error with a stack trace (exit 70),
 * which is what it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/intentplay.js');
const GEAR = path.resolve('test/fixtures/lib/scenarios/tester/gear.yaml');

function cli(args: string[]) {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'intentplay-unwritable-'));
  writeFileSync(path.join(cwd, 'taken'), 'a file, not a folder\n');
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stderr: r.stderr, cwd };
}

describe('a folder that cannot be written', { timeout: 60_000 }, () => {
  it('run --out: one line naming the results folder', () => {
    const r = cli(['run', GEAR, '--no-deps', '--agent', 'script', '--out', 'taken/results']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `intentplay: cannot write the results folder ${path.join(r.cwd, 'taken/results')}: ` +
        'part of the path is a file, not a folder',
    );
    expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
  });

  it('watch --recordings: one line naming the recordings folder', () => {
    const args = ['watch', GEAR, '--no-deps', '--agent', 'script', '--plain', '--delay', '0'];
    const r = cli([...args, '--recordings', 'taken/rec']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /intentplay: cannot write the recording in \S*taken\/rec\b.*: part of the path is a file, not a folder/,
    );
    expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
  });
});
