/**
 * The generated time scenario the time benchmarks share: N updates, a condition reminder that
 * every update wakes, a fit on every tenth update (follow up) and silence on the rest.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fits = (k: number) => k % 10 === 9;

/** Writes a one-scenario library into a new temporary folder; returns the scenario file. */
export function writeTimeScenario(
  updates: number,
  opts: { gapMinutes: number; text: (price: number) => string; followUpActions?: string },
): { root: string; file: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-time-'));
  mkdirSync(path.join(root, 'personas'));
  mkdirSync(path.join(root, 'scenarios', 'p'), { recursive: true });
  writeFileSync(
    path.join(root, 'personas', 'p.yaml'),
    'id: p\nname: Pat\nrole: buyer\nprofile: Waits for a price.\n',
  );
  const price = (k: number) => (fits(k) ? 90 : 120 + k);
  const ups = Array.from(
    { length: updates },
    (_, k) =>
      `    - { id: U${k}, at: +${(k + 1) * opts.gapMinutes}m, set: { price: ${price(k)} }, text: "${opts.text(price(k))}", expect: ${fits(k) ? 'follow_up' : 'keep_silent'} }`,
  );
  const steps = Array.from({ length: updates }, (_, k) =>
    fits(k)
      ? `    - say: "Price ${k} is 90, under your 100."${opts.followUpActions ?? ''}`
      : '    - say: ""',
  );
  const file = path.join(root, 'scenarios', 'p', 'watch.yaml');
  writeFileSync(
    file,
    `id: p/watch
persona: p
title: Many updates
limits: { max_turns: ${updates + 10} }
clock: { start: "2026-05-04T09:00:00+08:00", turn: 1m }
trigger: { kind: user, text: Watch the price and tell me when it is under 100. }
tools: [memory, time, environment]
environment:
  name: prices
  state: { price: 150 }
  updates:
${ups.join('\n')}
intents:
  - { id: I1, text: Watch it., done: { tool_called: { name: set_reminder } } }
  # Waits for the follow-up on the last update, so no earlier hit meets every need: without it the
  # user would thank the agent after the first fitting price and the session would end there.
  - { id: I2, text: Buy at the last price., reveal: "Good, buy it at that price.", after: { follow_up: U${updates - 1} } }
checklist:
  - { id: C1, text: A watch is set., grader: rule, rule: { tool_called: { name: set_reminder } } }
references:
  main:
    - say: I'll watch the price and tell you when it is under 100.
      actions:
        - { tool: set_reminder, args: { condition: the price is under 100, note: compare with 100 } }
        - { tool: set_task_status, args: { status: in_progress } }
${steps.join('\n')}
`,
  );
  return { root, file };
}
