/**
 * What the time and proposals benchmarks share: one generated scenario run `rounds` times
 * headless (script agent, rules user and judge, recording on disk), each round timed, then the
 * whole `intentplay run` command on the same file; prints the figures.
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveConfig } from '../src/config/config.ts';
import type { SessionRunResult } from '../src/session/group.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';

export async function benchSessionRounds(opts: {
  root: string;
  file: string;
  rounds: number;
  title: string;
  /** Throws when a round's result is not what the scenario should give; returns a summary line part. */
  check: (result: SessionRunResult, events: number) => string;
  keep?: boolean;
}): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let round = 0; round < opts.rounds; round++) {
    const recordings = path.join(opts.root, `rec-${round}`);
    const [group] = planRuns([opts.file], { noDeps: true });
    const start = performance.now();
    let events = 0;
    const [result] = await runGroup(group!, {
      specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
      config: resolveConfig({}, {}),
      registry: createToolRegistry(),
      recordingsDir: recordings,
      onEvent: () => events++,
    });
    times.push(performance.now() - start);
    const rec = path.join(recordings, readdirSync(recordings)[0]!);
    summary = `${opts.check(result!, events)}, recording ${(statSync(rec).size / 1024).toFixed(0)} KB`;
  }
  // The whole command a user runs, start-up and library load included.
  const cliStart = performance.now();
  const cli = spawnSync(
    process.execPath,
    ['bin/intentplay.js', 'run', opts.file, '--no-progress', '--out', path.join(opts.root, 'cli')],
    {
      encoding: 'utf8',
    },
  );
  const cliMs = performance.now() - cliStart;
  if (cli.status !== 0) throw new Error(`intentplay run failed: ${cli.stderr}`);
  if (opts.keep) console.log(`kept ${opts.root}`);
  else rmSync(opts.root, { recursive: true, force: true });
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${opts.title}: ${summary}`);
  console.log(
    `  session wall time over ${opts.rounds} rounds: median ${sorted[Math.floor(opts.rounds / 2)]!.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (first round includes warm-up)`,
  );
  console.log(
    `  \`intentplay run\` on the same file, whole process (start-up, load, session, results): ${cliMs.toFixed(0)} ms`,
  );
}
