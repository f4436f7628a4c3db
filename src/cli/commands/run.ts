/**
 * `intentplay run PATH...`: headless batch runs, with a table or the `--json` contract
 * (docs/reports.md). Repeats, concurrency, a results folder, resume, shards and filters.
 */
import type { Command } from 'commander';
import type { RunFlags } from '../actions/run.ts';
import { addSessionOptions, positiveInt } from '../options.ts';
import { installedParadigms } from '../../scenario/paradigms.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerRun(program: Command): void {
  const run = program
    .command('run')
    .description('run scenarios, episodes or folders headless and score them')
    .argument(
      '[paths...]',
      'scenario or episode files, folders, or scenario ids (optional with --resume)',
    )
    .option('--json', 'print one JSON object (runs and summary) to stdout')
    .option('--repeat <n>', 'run everything N times', positiveInt, 1)
    .option(
      '--concurrency <n>',
      'run groups in flight at once (the sessions of an episode stay in order)',
      positiveInt,
      1,
    )
    .option('--out <dir>', 'results folder: recordings/, results.jsonl, summary.json')
    .option(
      '--resume <dir>',
      'continue the run in this results folder: finished runs are kept, unfinished ones run again',
    )
    .option(
      '--shard <i/n|auto>',
      'run only shard I of N (a fixed partition of the run groups, the same on every machine); auto: from the job array (Slurm, Kubernetes Indexed Job, INTENTPLAY_SHARD), into <out>/shards/',
    )
    .option(
      '--filter <expr>',
      'only scenarios matching persona:P, category:C, id:GLOB or GLOB (repeatable)',
      collect,
      [],
    )
    .option('--no-deps', 'run each scenario alone, without its dependency chain (the ablation)')
    .option('--no-progress', 'no progress lines on stderr');
  // The paradigms' own options (PARE's --noise), before the options every session command has.
  for (const option of installedParadigms().flatMap((p) => p.runOptions ?? []))
    run.option(option.flags, option.description);
  addSessionOptions(run).action(async (paths: string[], flags: RunFlags, cmd: Command) =>
    (await import('../actions/run.ts')).runCommand(paths, flags, cmd),
  );
}
