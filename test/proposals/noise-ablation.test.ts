/**
 * PARE's robustness ablation: `run --noise` replaces every proposal scenario's noise, the run
 * lines say which noise each session ran with, and `report` adds a table by noise setting.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, readLines } from '../batch/helpers.ts';

const SCENARIOS = ['researcher/soap-list', 'marketer/dinner-split'];

describe('run --noise', () => {
  it('overrides the noise of proposal scenarios, records it, and report compares the settings', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-noise-'));
    const [quiet, noisy] = [path.join(dir, 'quiet'), path.join(dir, 'noisy')];
    expect(
      (
        await cli([
          'run',
          ...SCENARIOS,
          '--agent',
          'script:proactive',
          '--no-progress',
          '--out',
          quiet,
        ])
      ).code,
    ).toBe(0);
    expect(
      (
        await cli([
          'run',
          ...SCENARIOS,
          '--agent',
          'script:proactive',
          '--no-progress',
          '--noise',
          'tool_failure=0.9,notifications_per_hour=30,seed=3',
          '--out',
          noisy,
        ])
      ).code,
    ).toBe(0);
    expect(readLines(quiet).map((r) => r.proposals?.noise)).toEqual([null, null]);
    expect(readLines(noisy).map((r) => r.proposals?.noise)).toEqual([
      { tool_failure: 0.9, notifications_per_hour: 30, seed: 3 },
      { tool_failure: 0.9, notifications_per_hour: 30, seed: 3 },
    ]);
    // Nine calls in ten fail: the proactive script's one try at acting does not succeed.
    expect(readLines(noisy).some((r) => r.proposals?.succeeded === false)).toBe(true);
    const report = await cli(['report', quiet, noisy]);
    const lines = report.stdout.split('\n');
    // One row per agent and noise setting.
    expect(lines.find((l) => l.includes('no noise'))).toMatch(
      /^script:proactive\s+no noise\s+2\s+100\.0/,
    );
    expect(
      lines.some((l) => /^script:proactive\s+tool failure 0\.9, 30 notifications\/h/.test(l)),
    ).toBe(true);
  });

  it('refuses a setting it does not know or a value out of range, saying which', async () => {
    const bad = await cli(['run', SCENARIOS[0]!, '--noise', 'tool_fail=0.2']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      '--noise: unknown noise setting `tool_fail` (known: tool_failure, notifications_per_hour, seed)',
    );
    const range = await cli(['run', SCENARIOS[0]!, '--noise', 'tool_failure=2']);
    expect(range.stderr).toContain('--noise: `tool_failure`: Too big');
  });
});
