/**
 * Proposals benchmark: one proposal scenario with 1,000 ticks of user activity (screen moves,
 * chat messages and idle ticks) and an update every tenth tick, with an observing script agent
 * that reads and waits (and proposes once, accepted and executed), rules user and judge,
 * through the same path as `intentplay run`. Reports the wall time of the session (load
 * excluded) and of the whole `intentplay run` command.
 *
 *   npm run bench -- proposals [--ticks 1000] [--rounds 5]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchSessionRounds } from './session-rounds.ts';

const arg = (name: string, fallback: number) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const ticks = arg('--ticks', 1000);
const rounds = arg('--rounds', 5);

function scenarioYaml(): string {
  const step = (k: number) =>
    k % 3 === 0 ? `  - { app: todoist, action: open_project, args: { name: Shopping }, note: "looked at the list (${k})" }` : k % 3 === 1 ? `  - { say: "note ${k}" }` : '  - { wait: true }';
  const updates = Array.from({ length: Math.floor(ticks / 10) }, (_, k) => `    - { id: U${k}, at: +${k * 10 + 1}m, text: "Text ${k}: nothing urgent" }`);
  const steps = Array.from({ length: ticks }, (_, k) =>
    k === 5
      ? `    - say: ""\n      actions: [{ tool: propose, args: { summary: Add soap to Shopping? } }]\n    - say: Added.\n      actions: [{ tool: todoist__login, args: { username: pat@example.com, password: pw } }, { tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Soap, project_id: 2 } }]`
      : `    - say: ""\n      actions: [{ tool: wait }]`,
  );
  return `id: p/busy
persona: p
title: A thousand ticks
proposals: required
limits: { max_turns: ${ticks + 10} }
trigger: { kind: event, text: Pat is on the phone. }
tools: [todoist]
apps:
  todoist:
    account: { email: pat@example.com, password: pw }
    projects: [{ name: Shopping, tasks: [{ title: Eggs }] }]
environment:
  name: feed
  updates:
${updates.join('\n')}
activity:
${Array.from({ length: ticks }, (_, k) => step(k)).join('\n')}
intents:
  - { id: G1, text: Soap on the list., accept: "(?i)soap", done: { app_state: { app: todoist, path: tasks.*.title, pattern: "(?i)soap" } } }
references:
  main:
${steps.join('\n')}
`;
}

const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-proposals-'));
mkdirSync(path.join(root, 'personas'));
mkdirSync(path.join(root, 'scenarios', 'p'), { recursive: true });
writeFileSync(path.join(root, 'personas', 'p.yaml'), 'id: p\nname: Pat\nrole: busy\nprofile: Uses the phone.\n');
const file = path.join(root, 'scenarios', 'p', 'busy.yaml');
writeFileSync(file, scenarioYaml());

await benchSessionRounds({
  root,
  file,
  rounds,
  title: `proposals: ${ticks} ticks of user activity, an observing script agent`,
  check: (result, events) => {
    if (!result.scores.proposals!.succeeded || result.scores.turns !== ticks + 1) throw new Error(`unexpected result: ${JSON.stringify(result.scores)}`);
    return `${result.scores.turns} agent turns (${ticks} observe, 1 execute), ${events} events`;
  },
});
