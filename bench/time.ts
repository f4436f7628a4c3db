/**
 * Time benchmark: one time scenario with 1,000 updates and a condition reminder, so every
 * update wakes the agent (1,001 agent turns: a follow-up on every tenth update, silence on the
 * rest), run headless with the script agent, rules user and rules judge through the same path
 * as `intentplay run` (plan → run group → recording on disk). Reports the wall time of the
 * session (load excluded) and the events it recorded.
 *
 *   npm run bench -- time [--updates 1000] [--rounds 5]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveConfig } from '../src/config/config.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { writeTimeScenario } from './time-scenario.ts';

const arg = (name: string, fallback: number) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const updates = arg('--updates', 1000);
const rounds = arg('--rounds', 5);

const { root, file } = writeTimeScenario(updates, { gapMinutes: 10, text: (price) => `Price now ${price}.`, followUpActions: '\n      actions:\n        - { tool: query_prices }' });

const times: number[] = [];
let summary = '';
for (let round = 0; round < rounds; round++) {
  const recordings = path.join(root, `rec-${round}`);
  const [group] = planRuns([file], { noDeps: true });
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
  const t = result!.scores.time!;
  if (t.action_accuracy !== 1 || result!.scores.turns !== updates + 1) throw new Error(`unexpected result: ${JSON.stringify(result!.scores)}`);
  const rec = path.join(recordings, readdirSync(recordings)[0]!);
  summary = `${result!.scores.turns} agent turns, ${events} events, ${t.followups.hit} follow-ups and ${t.silences.kept} silences, recording ${(statSync(rec).size / 1024).toFixed(0)} KB`;
}
// The whole command a user runs, start-up and library load included.
const cliStart = performance.now();
const cli = spawnSync(process.execPath, ['bin/intentplay.js', 'run', file, '--no-progress', '--out', path.join(root, 'cli')], { encoding: 'utf8' });
const cliMs = performance.now() - cliStart;
if (cli.status !== 0) throw new Error(`intentplay run failed: ${cli.stderr}`);
if (process.argv.includes("--keep")) console.log("kept " + root); else rmSync(root, { recursive: true, force: true });
const sorted = [...times].sort((a, b) => a - b);
console.log(`time: ${updates} updates, condition reminder (every update wakes the agent): ${summary}`);
console.log(`  session wall time over ${rounds} rounds: median ${sorted[Math.floor(rounds / 2)]!.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (first round includes warm-up)`);
console.log(`  \`intentplay run\` on the same file, whole process (start-up, load, session, results): ${cliMs.toFixed(0)} ms`);
