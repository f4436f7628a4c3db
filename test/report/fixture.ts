/**
 * Results folders for report tests, made once per test file by real runs of the test
 * library: the proactive script with dependencies, and the reactive script both with and
 * without them (`--no-deps`).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from '../batch/helpers.ts';

export const FIXTURE_LIB = fileURLToPath(new URL('../fixtures/lib', import.meta.url));

export interface ReportFolders {
  proactive: string;
  reactive: string;
  reactiveNoDeps: string;
}

export async function makeReportFolders(): Promise<ReportFolders> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-report-'));
  const run = async (name: string, ...args: string[]) => {
    const out = path.join(dir, name);
    const r = await cli([
      'run',
      FIXTURE_LIB,
      '--repeat',
      '2',
      '--out',
      out,
      '--no-progress',
      ...args,
    ]);
    if (r.code !== 0) throw new Error(`run ${name} failed: ${r.stderr}`);
    return out;
  };
  return {
    proactive: await run('proactive', '--agent', 'script:proactive'),
    reactive: await run('reactive', '--agent', 'script:reactive'),
    reactiveNoDeps: await run('reactive-nodeps', '--agent', 'script:reactive', '--no-deps'),
  };
}
