/**
 * A recording cut off mid-line (a crashed run) exports what it holds and says, on stderr, that
 * the run was interrupted, as replay does; before, the export said nothing and passed for a
 * whole session. A whole recording exports without the note.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/intentplay.js');
const GEAR = path.resolve('test/fixtures/lib/scenarios/tester/gear.yaml');

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('exporting a recording cut off mid-line', { timeout: 60_000 }, () => {
  it('exports what it holds and says the run was interrupted', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'intentplay-cut-'));
    const args = ['run', GEAR, '--no-deps', '--agent', 'script:proactive', '--no-progress'];
    expect(cli([...args, '--out', 'res'], cwd).code).toBe(0);
    const whole = path.join(
      cwd,
      'res/recordings',
      readdirSync(path.join(cwd, 'res/recordings'))[0]!,
    );
    const text = readFileSync(whole, 'utf8');
    // Cut in the middle of the last line: session_end is half written.
    writeFileSync(path.join(cwd, 'cut.jsonl'), text.slice(0, text.trimEnd().length - 20));
    const cut = cli(['export', 'cut.jsonl', '--format', 'md'], cwd);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toContain('Help me pick running shoes.');
    expect(cut.stderr).toContain(
      'cut.jsonl: the recording ends without session_end (the run was interrupted)',
    );
    const full = cli(['export', whole, '--format', 'md'], cwd);
    expect(full.code).toBe(0);
    expect(full.stderr).not.toContain('interrupted');
  });
});
