/**
 * Engine benchmark: headless `run` of a generated library of 1,000 sessions (script agent,
 * rules user, rules judge) in one process, through the same path as `intentplay run`
 * (plan → run groups → recordings on disk). Reports agent turns/s and peak RSS.
 *
 *   npx tsx bench/engine.ts [--sessions 1000]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../src/config/config.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';

const sessions = Number(process.argv[process.argv.indexOf('--sessions') + 1]) || 1000;
const PER_EPISODE = 10;

/** A session with 5 intents; its reference completes two, asks about one, and leaves two to stage 3. */
function scenarioYaml(persona: string, i: number, dep?: string): string {
  return `id: ${persona}/s${i}
persona: ${persona}
title: Generated session ${i}
${dep ? `depends_on: [${dep}]\n` : ''}trigger: { kind: user, text: "Please draft report ${i} from the notes." }
workspace:
  files:
    notes/s${i}.md: |
${Array.from({ length: 40 }, (_, k) => `      line ${k} of the notes for session ${i}: revenue ${k * 7} units`).join('\n')}
intents:
  - { id: I1, text: Use the revenue figures., ask: ["(?i)revenue"], done: { file_matches: { path: "out/*.md", pattern: "revenue" } } }
  - { id: I2, text: Keep it to one page., ask: ["(?i)length|page"], done: { reply_matches: "(?i)one page" } }
  - { id: I3, text: Send it to the team., ask: ["(?i)send|share"], done: { tool_called: { name: write_memory } } }
  - { id: I4, text: Use British spelling., ask: ["(?i)spelling"], done: { reply_matches: "(?i)british" } }
  - { id: I5, text: Add a summary table., ask: ["(?i)table"], done: { file_matches: { path: "out/*.md", pattern: "\\\\|" } } }
checklist:
  - { id: C1, text: Report written., grader: rule, rule: { file_exists: "out/r${i}.md" } }
  - { id: C2, text: Mentions revenue., grader: rule, rule: { file_matches: { path: "out/*.md", pattern: "(?i)revenue" } } }
  - { id: C3, text: Clear tone., grader: rubric, rule: { reply_matches: "(?i)report" } }
references:
  main:
    - say: "Drafted out/r${i}.md on one page with the revenue figures. Should I share it with anyone?"
      actions:
        - { tool: read_file, args: { path: notes/s${i}.md } }
        - { tool: grep, args: { pattern: "revenue 7", glob: "notes/*.md" } }
        - { tool: write_file, args: { path: out/r${i}.md, content: "# Report ${i}\\nrevenue up\\n" } }
    - say: Saved a note to share the report with the team.
      actions:
        - { tool: write_memory, args: { key: s${i}, content: "shared report ${i}" } }
    - say: Switched to British spelling in the report.
      actions:
        - { tool: edit_file, args: { path: out/r${i}.md, old_string: "revenue up", new_string: "revenue up, colour-coded" } }
    - say: Added a summary table.
      actions:
        - { tool: edit_file, args: { path: out/r${i}.md, old_string: "# Report ${i}", new_string: "# Report ${i}\\n| a | b |" } }
`;
}

function generate(root: string): void {
  mkdirSync(path.join(root, 'personas'), { recursive: true });
  const episodes = Math.ceil(sessions / PER_EPISODE);
  for (let e = 0; e < episodes; e++) {
    const persona = `p${e}`;
    writeFileSync(
      path.join(root, 'personas', `${persona}.yaml`),
      `id: ${persona}\nname: Person ${e}\nrole: analyst\nprofile: Writes reports.\n`,
    );
    const dir = path.join(root, 'scenarios', persona);
    mkdirSync(dir, { recursive: true });
    const ids: string[] = [];
    for (let k = 0; k < PER_EPISODE && e * PER_EPISODE + k < sessions; k++) {
      const i = e * PER_EPISODE + k;
      writeFileSync(
        path.join(dir, `s${i}.yaml`),
        scenarioYaml(persona, i, k > 0 ? `s${i - 1}` : undefined),
      );
      ids.push(`s${i}`);
    }
    writeFileSync(
      path.join(dir, 'episode.yaml'),
      `id: ${persona}\npersona: ${persona}\nsessions: [${ids.join(', ')}]\n`,
    );
  }
}

/** With --memory: heap and RSS at each phase (after a full GC when node runs with --expose-gc). */
function memo(label: string): void {
  if (!process.argv.includes('--memory')) return;
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1048576);
  process.stderr.write(
    `${label}: rss ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} MB of ${mb(m.heapTotal)} MB\n`,
  );
}

async function main(): Promise<void> {
  memo('start');
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-'));
  const recordings = path.join(root, 'recordings-out');
  generate(root);
  const t0 = performance.now();
  const groups = planRuns([root]);
  const tLoad = performance.now() - t0;
  memo('after load');
  const registry = createToolRegistry();
  const config = resolveConfig({}, {});
  let turns = 0;
  let runs = 0;
  const t1 = performance.now();
  for (const group of groups) {
    const results = await runGroup(group, {
      specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
      config,
      registry,
      recordingsDir: recordings,
      date: '2026-01-01',
    });
    for (const r of results) {
      turns += r.scores.turns;
      runs++;
    }
  }
  const tRun = performance.now() - t1;
  memo('after run');
  const rssMb = process.resourceUsage().maxRSS / 1024;
  rmSync(root, { recursive: true, force: true });
  const out = {
    sessions: runs,
    agent_turns: turns,
    load_ms: Math.round(tLoad),
    run_ms: Math.round(tRun),
    turns_per_s: Math.round(turns / (tRun / 1000)),
    sessions_per_s: Math.round(runs / (tRun / 1000)),
    peak_rss_mb: Math.round(rssMb),
    node: process.version,
  };
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
}

await main();
