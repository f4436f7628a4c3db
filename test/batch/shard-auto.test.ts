/**
 * `run --shard auto` on a cluster: each shard is its own process with the environment its
 * scheduler gives it (a Slurm array task, a Kubernetes Indexed Job pod), all writing into one
 * shared results folder; `merge` on that folder completes it, with the summary of one
 * unsharded run. Also how the shard is read from the environment, and what merge refuses.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardFromEnvironment } from '../../src/batch/shard-env.ts';
import { batchLibrary, cli, readLines, readSummary } from './helpers.ts';

const BIN = path.resolve('bin/intentplay.js');
const REPORTS_DOC = readFileSync(path.resolve('docs/reports.md'), 'utf8');

/** The fenced block of docs/reports.md in `lang` that contains `marker`. */
function docBlock(lang: string, marker: string): string {
  const block = [...REPORTS_DOC.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))]
    .map((m) => m[1]!)
    .find((b) => b.includes(marker));
  if (!block) throw new Error(`docs/reports.md has no ${lang} block with ${marker}`);
  return block;
}

/** One shard's process (`command args...`), with only the scheduler's variables added to a plain environment. */
function shardProcess(
  [command, ...args]: string[],
  schedulerEnv: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: os.tmpdir(),
    TMPDIR: os.tmpdir(),
    NO_COLOR: '1',
    ...schedulerEnv,
  };
  return new Promise((resolve) => {
    const child = spawn(command!, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** Runs the four shards of a shared folder, and checks that merge completes it as one unsharded run would. */
async function fourShards(
  runShard: (
    shard: { lib: string; shared: string; args: string[] },
    i: number,
  ) => Promise<{ code: number; stderr: string }>,
  together: boolean,
): Promise<void> {
  const lib = batchLibrary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-shard-auto-'));
  const shared = path.join(dir, 'shared');
  const args = ['run', lib, '--repeat', '3', '--shard', 'auto', '--out', shared, '--no-progress'];
  const shards: { code: number; stderr: string }[] = [];
  if (together)
    shards.push(
      ...(await Promise.all([0, 1, 2, 3].map((i) => runShard({ lib, shared, args }, i)))),
    );
  else for (const i of [0, 1, 2, 3]) shards.push(await runShard({ lib, shared, args }, i));
  for (const [i, s] of shards.entries()) {
    expect(s.code, s.stderr).toBe(0);
    expect(s.stderr).toContain(`--shard auto: shard ${i + 1}/4 (`);
  }
  expect(readdirSync(path.join(shared, 'shards')).sort()).toEqual([
    '1-of-4',
    '2-of-4',
    '3-of-4',
    '4-of-4',
  ]);
  // Every run exactly once across the shards.
  const keys = ['1', '2', '3', '4'].flatMap((i) =>
    readLines(path.join(shared, 'shards', `${i}-of-4`)).map((l) => `${l.scenario}|${l.repeat}`),
  );
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toHaveLength(4 * 3);

  const merged = await cli(['merge', shared, '--json']);
  expect(merged.code, merged.stderr).toBe(0);
  const whole = await cli([
    'run',
    lib,
    '--repeat',
    '3',
    '--out',
    path.join(dir, 'whole'),
    '--no-progress',
  ]);
  expect(whole.code).toBe(0);
  expect(readSummary(shared)).toEqual(readSummary(path.join(dir, 'whole')));
  const order = (d: string) => readLines(d).map((l) => `${l.scenario}|${l.repeat}`);
  expect(order(shared)).toEqual(order(path.join(dir, 'whole')));
}

describe('run --shard auto', () => {
  it('Slurm: the array script of docs/reports.md, run as four array tasks (own processes), fills one shared folder; merge completes it', async () => {
    const shim = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bin-'));
    writeFileSync(
      path.join(shim, 'intentplay'),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      { mode: 0o755 },
    );
    const script = path.join(shim, 'intentplay-array.sh');
    writeFileSync(script, docBlock('bash', '#SBATCH --array=1-4'));
    await fourShards(
      ({ lib, shared }, i) =>
        // What sbatch --array=1-4 gives task i (and the script's settings).
        shardProcess(['bash', script], {
          PATH: `${shim}:${process.env.PATH ?? ''}`,
          SCENARIOS: lib,
          RESULTS: shared,
          SLURM_ARRAY_JOB_ID: '4242',
          SLURM_ARRAY_TASK_ID: String(i + 1),
          SLURM_ARRAY_TASK_COUNT: '4',
          SLURM_ARRAY_TASK_MIN: '1',
          SLURM_ARRAY_TASK_MAX: '4',
        }),
      true,
    );
  }, 90_000);

  it('Kubernetes: the four pods of an Indexed Job (completions: 4) do the same', async () => {
    // In this process, one pod after the other, with the variables each pod gets.
    await fourShards(async ({ args }, i) => {
      Object.assign(process.env, { JOB_COMPLETION_INDEX: String(i), JOB_COMPLETIONS: '4' });
      try {
        return await cli(args);
      } finally {
        delete process.env.JOB_COMPLETION_INDEX;
        delete process.env.JOB_COMPLETIONS;
      }
    }, false);
  });

  it('merge refuses a shared folder with a shard missing or still running, naming it', async () => {
    const lib = batchLibrary();
    const shared = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'intentplay-shard-auto-')),
      'shared',
    );
    for (const i of [1, 3]) {
      process.env.INTENTPLAY_SHARD = `${i}/3`;
      try {
        expect(
          (await cli(['run', lib, '--shard', 'auto', '--out', shared, '--no-progress'])).code,
        ).toBe(0);
      } finally {
        delete process.env.INTENTPLAY_SHARD;
      }
    }
    const missing = await cli(['merge', shared]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('shard(s) 2 of 3 have no results');
    expect(existsSync(path.join(shared, 'results.jsonl'))).toBe(false);
    const noOut = await cli(['merge', path.join(shared, 'shards', '1-of-3')]);
    expect(noOut.stderr).toContain('give --out DIR');
    writeFileSync(
      path.join(shared, 'shards', '3-of-3', '.intentplay.lock'),
      JSON.stringify({ pid: 1, host: 'node-7' }),
    );
    expect((await cli(['merge', shared])).stderr).toContain(
      'shard(s) 3 of 3 are still being written',
    );
    rmSync(path.join(shared, 'shards', '3-of-3', '.intentplay.lock'));
    rmSync(path.join(shared, 'shards', '3-of-3', 'results.jsonl'));
    expect((await cli(['merge', shared])).stderr).toContain('shard(s) 2, 3 of 3 have no results');
  });

  it('the Kubernetes Job of docs/reports.md is an Indexed Job whose pods know the completions count and run --shard auto', () => {
    const job = parseYaml(docBlock('yaml', 'kind: Job')) as {
      spec: {
        completionMode: string;
        completions: number;
        template: {
          spec: { containers: { args: string[]; env: { name: string; value?: string }[] }[] };
        };
      };
    };
    const [pod] = job.spec.template.spec.containers;
    expect(job.spec.completionMode).toBe('Indexed');
    expect(pod!.env.find((e) => e.name === 'JOB_COMPLETIONS')?.value).toBe(
      String(job.spec.completions),
    );
    expect(pod!.args.join(' ')).toContain('--shard auto --out /results/');
  });

  it('without a job array, says which variables it looks for', async () => {
    const r = await cli(['run', batchLibrary(), '--shard', 'auto']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--shard auto: no job array found: set INTENTPLAY_SHARD=I/N');
  });
});

describe('the shard from the environment', () => {
  it('reads INTENTPLAY_SHARD first, then Slurm, then a Kubernetes Indexed Job', () => {
    expect(
      shardFromEnvironment({
        INTENTPLAY_SHARD: '2/5',
        SLURM_ARRAY_TASK_ID: '0',
        SLURM_ARRAY_TASK_COUNT: '3',
      }),
    ).toMatchObject({
      index: 2,
      count: 5,
    });
    expect(
      shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '3' }),
    ).toMatchObject({ index: 1, count: 3 });
    // --array=10-40:10 → ids 10, 20, 30, 40
    expect(
      shardFromEnvironment({
        SLURM_ARRAY_TASK_ID: '30',
        SLURM_ARRAY_TASK_COUNT: '4',
        SLURM_ARRAY_TASK_MIN: '10',
        SLURM_ARRAY_TASK_STEP: '10',
      }),
    ).toMatchObject({ index: 3, count: 4 });
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '3', JOB_COMPLETIONS: '4' })).toMatchObject(
      { index: 4, count: 4 },
    );
  });

  it('refuses half an array or an index outside it, saying what is wrong', () => {
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '0' })).toThrow(
      /JOB_COMPLETIONS is not/,
    );
    expect(() => shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '2' })).toThrow(
      /SLURM_ARRAY_TASK_COUNT is not/,
    );
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '4', JOB_COMPLETIONS: '4' })).toThrow(
      /not a shard of the array/,
    );
    expect(() =>
      shardFromEnvironment({ SLURM_ARRAY_TASK_ID: 'x', SLURM_ARRAY_TASK_COUNT: '4' }),
    ).toThrow(/whole number/);
    expect(() => shardFromEnvironment({ INTENTPLAY_SHARD: '5/4' })).toThrow(/1 ≤ I ≤ N/);
  });
});
