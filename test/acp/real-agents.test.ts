/**
 * The compatibility matrix (opt-in): each real ACP agent named in INTENTPLAY_AGENTS, installed in
 * INTENTPLAY_AGENTS_DIR (default /tmp/agents), plays a π-Bench-style, a time and a proposal
 * scenario against the fake model server (scripted: it shows that intentplay carries the
 * agent's work, not how well a model plays). Skipped when no agent is named and installed.
 *
 *   INTENTPLAY_AGENTS=codex,opencode,gemini,claude npx vitest run test/acp/real-agents.test.ts
 *
 * With UPDATE_MATRIX=1 the matrix is written into docs/agents.md, with the date and versions.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModels, type FakeModels } from '../helpers/fake-models.ts';
import {
  installedVersion,
  PACKAGES,
  realAgentCommand,
  RECIPE_FLAGS,
  requestedAgents,
  type RealAgentName,
} from '../helpers/real-agents.ts';
import { ACP_LIB, runAcp, type AcpRun } from './helpers.ts';

const { dir, agents } = requestedAgents();
const SCENARIOS = {
  'π-Bench-style (tester/notes)': 'notes',
  'time (tester/watch)': 'watch',
  'proposals (tester/soap)': 'soap',
} as const;
type Paradigm = keyof typeof SCENARIOS;

/** What each paradigm asks of the agent, and what it did, in words for the matrix. */
function cell(paradigm: Paradigm, run: AcpRun): { ok: boolean; text: string } {
  const r = run.results[0]!;
  const ran = (name: string) => run.of('tool_result').some((e) => e.name === name && e.ok);
  const end = r.end === 'resolved' ? '' : ` (ended ${r.end}: ${r.message ?? ''})`;
  if (paradigm === 'π-Bench-style (tester/notes)') {
    const ok = ran('list_dir') && ran('write_file') && r.scores.proc === 1;
    return { ok, text: `list_dir, write_file over MCP; Proc ${r.scores.proc.toFixed(2)}${end}` };
  }
  if (paradigm === 'time (tester/watch)') {
    const kept = run.of('update_verdict').some((v) => v.update === 'U1' && v.verdict === 'kept');
    // ChronosBench's status rule: in_progress once a reminder is set, so the reminder comes first.
    const time = r.scores.time;
    const ok = ran('set_reminder') && ran('keep_silent') && kept && time?.status_accuracy === 1;
    const status = `status accuracy ${time?.status_accuracy?.toFixed(2) ?? '–'}`;
    return {
      ok,
      text: `set_reminder, set_task_status, query_listings, keep_silent; U1 ${kept ? 'kept' : 'not kept'}; ${status}${end}`,
    };
  }
  const accepted = run.of('proposal_verdict').some((v) => v.verdict === 'accepted');
  const executed = ran('todoist__login') && ran('todoist__create_task');
  const ok = accepted && executed && r.scores.intents.G1 === 'completed';
  let text = 'no proposal accepted';
  if (accepted && executed)
    text = 'observed, proposed, accepted, logged in, created the task; G1 completed';
  else if (accepted) text = 'proposed and accepted, but never had the write tools to execute';
  return { ok, text: text + end };
}

/** Known limits of an agent (the matrix shows them; the test expects them). */
const KNOWN: Partial<Record<RealAgentName, Partial<Record<Paradigm, string>>>> = {};

let models: FakeModels;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ip-real-agents-'));
const matrix = new Map<RealAgentName, Map<Paradigm, { ok: boolean; text: string }>>();

beforeAll(async () => {
  if (agents.length) models = await startFakeModels();
});
afterAll(async () => {
  await models?.close();
  if (process.env.UPDATE_MATRIX && matrix.size) writeMatrix();
});

describe.skipIf(!agents.length)('real ACP agents against the fake model server', () => {
  for (const agent of agents)
    for (const paradigm of Object.keys(SCENARIOS) as Paradigm[])
      it(`${agent}: ${paradigm}`, { timeout: 300_000 }, async () => {
        const command = realAgentCommand(agent, { dir, url: models.url, scratch });
        const file = path.join(ACP_LIB, 'scenarios/tester', `${SCENARIOS[paradigm]}.yaml`);
        const spec = { kind: 'acp' as const, name: command, timeoutMs: 180_000 };
        const run = await runAcp({ ...spec, ...RECIPE_FLAGS[agent] }, {}, file);
        const c = cell(paradigm, run);
        if (!matrix.has(agent)) matrix.set(agent, new Map());
        matrix.get(agent)!.set(paradigm, c);
        // every agent reached intentplay's tools, and its calls were recorded
        expect(run.of('tool_result').length).toBeGreaterThan(0);
        expect(c.ok, c.text).toBe(!KNOWN[agent]?.[paradigm]);
      });
});

function writeMatrix(): void {
  const date = new Date().toISOString().slice(0, 10);
  const paradigms = Object.keys(SCENARIOS) as Paradigm[];
  const rows = [...matrix].map(([agent, cells]) => {
    const cols = paradigms.map((p) => {
      const c = cells.get(p);
      if (!c) return 'not run';
      const known = KNOWN[agent]?.[p];
      return `${c.ok ? '✔' : '✗'} ${c.text}${known && !c.ok ? `: ${known}` : ''}`;
    });
    const flags = RECIPE_FLAGS[agent]?.oneToolList ? ', `--one-tool-list`' : '';
    return `| ${agent} (\`${PACKAGES[agent]}\` ${installedVersion(dir, agent)}${flags}) | ${cols.join(' | ')} |`;
  });
  const table = [
    `Run ${date} by \`test/acp/real-agents.test.ts\` (Node ${process.versions.node}):`,
    '',
    `| agent | ${paradigms.join(' | ')} |`,
    `| --- | ${paradigms.map(() => '---').join(' | ')} |`,
    ...rows,
  ].join('\n');
  const docs = path.resolve('docs/agents.md');
  const text = readFileSync(docs, 'utf8');
  const start = '<!-- matrix:start -->';
  const end = '<!-- matrix:end -->';
  const at = text.indexOf(start);
  const to = text.indexOf(end);
  if (at < 0 || to < 0) throw new Error('docs/agents.md has no matrix markers');
  writeFileSync(docs, `${text.slice(0, at + start.length)}\n${table}\n${text.slice(to)}`);
}
