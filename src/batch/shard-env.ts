/**
 * `--shard auto`: which shard this process is, from the job array it runs in, and where a
 * shard of a shared results folder writes. Slurm (`sbatch --array`), Kubernetes Indexed Jobs
 * and any other scheduler (through INTENTPLAY_SHARD) give an index and a count; shard folders
 * sit under `<out>/shards/<i>-of-<n>/`, one writer each, until `intentplay merge <out>`
 * combines them. docs/reports.md has a Slurm array script and a Kubernetes Job manifest.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { LOCK_FILE } from './lock.ts';
import { RESULTS_FILE } from './results.ts';
import { parseShard, type Shard } from './units.ts';

export const SHARDS_DIR = 'shards';

export interface ShardFromEnv extends Shard {
  /** Where it came from, for the run's first line (`SLURM_ARRAY_TASK_ID=3 of SLURM_ARRAY_TASK_COUNT=4`). */
  source: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function int(env: Env, name: string): number | undefined {
  const v = env[name]?.trim();
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(v)}`);
  return Number(v);
}

function checked(index: number, count: number, source: string): ShardFromEnv {
  if (count < 1 || index < 1 || index > count)
    throw new Error(`${source} is not a shard of the array (index ${index} of ${count})`);
  return { index, count, source };
}

/**
 * The shard of this process: INTENTPLAY_SHARD=I/N first (any scheduler), then Slurm's
 * SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (ids counted from SLURM_ARRAY_TASK_MIN in steps
 * of SLURM_ARRAY_TASK_STEP, so `--array=1-4` and `--array=0-3` both give shards 1..4), then a
 * Kubernetes Indexed Job's JOB_COMPLETION_INDEX (from 0) with the completions count in
 * JOB_COMPLETIONS, which the Job's manifest sets (Kubernetes does not pass it on by itself).
 */
export function shardFromEnvironment(env: Env): ShardFromEnv {
  const given = env.INTENTPLAY_SHARD?.trim();
  if (given) {
    const s = parseShard(given);
    return { ...s, source: `INTENTPLAY_SHARD=${given}` };
  }
  const slurmId = int(env, 'SLURM_ARRAY_TASK_ID');
  if (slurmId !== undefined) {
    const count = int(env, 'SLURM_ARRAY_TASK_COUNT');
    if (count === undefined)
      throw new Error(
        'SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not: is this an `sbatch --array` job?',
      );
    const min = int(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
    const step = int(env, 'SLURM_ARRAY_TASK_STEP') ?? 1;
    if (step < 1 || (slurmId - min) % step !== 0 || slurmId < min)
      throw new Error(
        `SLURM_ARRAY_TASK_ID=${slurmId} is not in the array from ${min} in steps of ${step}`,
      );
    return checked(
      (slurmId - min) / step + 1,
      count,
      `SLURM_ARRAY_TASK_ID=${slurmId} of SLURM_ARRAY_TASK_COUNT=${count}`,
    );
  }
  const k8sIndex = int(env, 'JOB_COMPLETION_INDEX');
  if (k8sIndex !== undefined) {
    const count = int(env, 'JOB_COMPLETIONS');
    if (count === undefined)
      throw new Error(
        'JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not: set it in the Job manifest to spec.completions (docs/reports.md)',
      );
    return checked(
      k8sIndex + 1,
      count,
      `JOB_COMPLETION_INDEX=${k8sIndex} of JOB_COMPLETIONS=${count}`,
    );
  }
  throw new Error(
    'no job array found: set INTENTPLAY_SHARD=I/N, or run inside a Slurm array job (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETIONS)',
  );
}

/** The shard's own results folder inside the shared one. */
export function shardFolder(shared: string, shard: Shard): string {
  return path.join(shared, SHARDS_DIR, `${shard.index}-of-${shard.count}`);
}

/**
 * The shard folders of a shared results folder, all of one array and all finished, or a
 * UserError saying which are missing or still being written. Undefined when `dir` has no shards.
 */
export function finishedShards(dir: string): string[] | undefined {
  const root = path.join(dir, SHARDS_DIR);
  if (!existsSync(root)) return undefined;
  const found = readdirSync(root)
    .map((name) => ({ name, m: /^(\d+)-of-(\d+)$/.exec(name) }))
    .filter((f) => f.m)
    .map((f) => ({ dir: path.join(root, f.name), index: Number(f.m![1]), count: Number(f.m![2]) }));
  if (!found.length) return undefined;
  const counts = [...new Set(found.map((f) => f.count))];
  if (counts.length > 1)
    throw new UserError(
      `${root} holds shards of arrays of different sizes (${counts.join(', ')}); merge one array at a time`,
    );
  const count = counts[0]!;
  const running = found.filter((f) => existsSync(path.join(f.dir, LOCK_FILE))).map((f) => f.index);
  if (running.length)
    throw new UserError(
      `shard(s) ${running.join(', ')} of ${count} are still being written in ${root} (or were killed: continue them with --resume); merge when they finish`,
    );
  const done = new Set(
    found.filter((f) => existsSync(path.join(f.dir, RESULTS_FILE))).map((f) => f.index),
  );
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !done.has(i));
  if (missing.length)
    throw new UserError(
      `shard(s) ${missing.join(', ')} of ${count} have no results in ${root}: run them (the same command with that array index), then merge`,
    );
  return found.sort((a, b) => a.index - b.index).map((f) => f.dir);
}
