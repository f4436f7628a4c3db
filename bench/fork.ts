/**
 * Fork benchmark (issue 31): a recording of a long session on disk (the generated time scenario:
 * every update wakes the agent, so N updates make N + 2 agent turns), forked at turn 100 with the
 * same backends through the path `intentplay fork` takes: read and check the recording, load the
 * library, run the first 100 turns again with every event checked against the recording, then
 * go live and play the rest. `untilLive`: from the call until turn 101 starts (the state restored,
 * the protocol's step after turn 100 done); `wholeFork`: until the fork's recording is complete.
 * Target: untilLive ≤ 200 ms. One process: module loading is not counted; the first fork (cold
 * JIT, the library loaded) is reported apart.
 *
 *   npm run bench -- fork [--updates 100] [--turn 100] [--runs 7]
 */
import '../src/paradigms/index.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../src/config/config.ts';
import { loadForkSource } from '../src/fork/source.ts';
import { runFork } from '../src/fork/run.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { writeTimeScenario } from './time-scenario.ts';

const { values } = parseArgs({
  options: {
    updates: { type: 'string', default: '100' },
    turn: { type: 'string', default: '100' },
    runs: { type: 'string', default: '7' },
  },
});
const updates = Number(values.updates);
const turn = Number(values.turn);
const runs = Math.max(2, Number(values.runs));

const { root, file } = writeTimeScenario(updates, {
  gapMinutes: 10,
  text: (price) => `Price now ${price}.`,
  followUpActions: '\n      actions:\n        - { tool: query_prices }',
});
const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-fork-'));
const specs = {
  agent: { kind: 'script' as const, name: 'main' },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
};
const config = resolveConfig({}, {});
const registry = createToolRegistry();
for (const group of planRuns([file]))
  await runGroup(group, { specs, config, registry, recordingsDir: dir, date: '2026-05-04' });
const recording = path.join(dir, readdirSync(dir)[0]!);

const times: number[] = [];
const toLive: number[] = [];
const cpuToLive: number[] = [];
let turns = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const source = loadForkSource(recording, turn);
  let live = 0;
  const { result } = await runFork(source, {
    specs,
    config,
    registry,
    out: path.join(dir, `fork-${i}.jsonl`),
    // The first turn after the fork turn starts: the state is restored and the fork plays live.
    onEvent: (e) => {
      if (live || e.type !== 'turn_start' || e.turn !== turn + 1) return;
      live = performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpuToLive.push((c.user + c.system) / 1000);
    },
  });
  times.push(performance.now() - t0);
  toLive.push(live);
  turns = source.turns;
  if (result.scores.turns !== turns) throw new Error(`the fork ended differently: ${result.end}`);
}
/** The first run apart (cold), then the median, min and max of the rest. */
function summary(all: number[]) {
  const [cold, ...warm] = all;
  warm.sort((a, b) => a - b);
  const ms = (n: number) => Math.round(n);
  return {
    coldMs: ms(cold!),
    medianMs: ms(warm[Math.floor(warm.length / 2)]!),
    minMs: ms(warm[0]!),
    maxMs: ms(warm.at(-1)!),
  };
}
console.log(
  JSON.stringify({
    bench: 'fork',
    recording: { turns, updates },
    forkTurn: turn,
    runs,
    untilLive: summary(toLive),
    // CPU time of the process until live: what the work costs when the wall time mostly shows how
    // long the process waited for a core (the machine is shared).
    cpuUntilLive: summary(cpuToLive),
    wholeFork: summary(times),
    target: 'untilLive ≤ 200 ms',
  }),
);
rmSync(dir, { recursive: true, force: true });
rmSync(root, { recursive: true, force: true });
