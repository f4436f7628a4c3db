/**
 * `study export` and `study report` read their own `--version SHA|all` as docs/study.md writes it
 * (a space before the value). Before, intentplay's `--version` took it: the command printed
 * "0.1.0", exported nothing and exited 0. `intentplay --version` still prints the version.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { loadStudy } from '../../src/study/load.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { writeStudy } from './helpers.ts';

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out: out.join('') };
}
afterEach(() => vi.restoreAllMocks());

describe('--version of study export and study report', () => {
  it('picks the version of the study file, as the docs write it', async () => {
    const { dir, file } = writeStudy();
    const study = loadStudy(file);
    const data = path.join(dir, 'study-data');
    const runner = new StudyRunner(study, data, 'P01', { date: '2025-01-01' });
    runner.agree();
    runner.stop();
    const sha = study.sha256.slice(0, 8);

    const out = path.join(dir, 'export');
    const exported = await cli(['study', 'export', file, '--out', out, '--version', 'all']);
    expect(exported.code).toBe(0);
    expect(existsSync(path.join(out, 'participants.csv'))).toBe(true);

    const report = await cli(['study', 'report', file, '--version', sha]);
    expect(report.code).toBe(0);
    expect(report.out).toContain('Per condition');

    expect((await cli(['--version'])).out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
