/** The generated proposal scenario the proposals and phone benchmarks run. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A proposal scenario with `ticks` ticks of activity (screen moves, chat, idle) and an update every tenth tick; its agent proposes once, at tick 6. */
export function proposalScenarioYaml(ticks: number): string {
  // Every third tick the user opens the list or goes back, alternately; between, a word or a wait.
  const step = (k: number) => {
    if (k % 3 === 1) return `  - { say: "note ${k}" }`;
    if (k % 3 === 2) return '  - { wait: true }';
    return (k / 3) % 2 === 0
      ? '  - { app: todoist, action: open, args: { item: Shopping } }'
      : '  - { app: todoist, action: back }';
  };
  const updates = Array.from(
    { length: Math.floor(ticks / 10) },
    (_, k) => `    - { id: U${k}, at: +${k * 10 + 1}m, text: "Text ${k}: nothing urgent" }`,
  );
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

/** Writes it into a throwaway library; returns the library and the scenario file. */
export function writeProposalScenario(ticks: number): { root: string; file: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-proposals-'));
  mkdirSync(path.join(root, 'personas'));
  mkdirSync(path.join(root, 'scenarios', 'p'), { recursive: true });
  writeFileSync(
    path.join(root, 'personas', 'p.yaml'),
    'id: p\nname: Pat\nrole: busy\nprofile: Uses the phone.\n',
  );
  const file = path.join(root, 'scenarios', 'p', 'busy.yaml');
  writeFileSync(file, proposalScenarioYaml(ticks));
  return { root, file };
}
