/**
 * PARE's Table 3 (gather context resolution): of the proposals the user looked into first, the
 * shares that ended accepted, rejected, or still waiting when the session ended (truncated),
 * each ± its standard error over repeats. The real binary with a model user played by a
 * loopback stand-in (scripted, not a model) that looks into proposals by rule; worked by hand.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines, readSummary } from '../batch/helpers.ts';
import { makeLibrary } from '../helpers/library.ts';
import {
  startOpenAIServer,
  type OpenAITestServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../helpers/openai-server.ts';
import { proposalRow, type ProposalSummary } from '../../src/proposals/aggregate.ts';
import { proposalsSection } from '../../src/proposals/report-section.ts';
import type { ProposalScores } from '../../src/contracts/events.ts';
import type { EngineTypes } from '../../src/contracts/engine-types.ts';

const BIN = path.resolve('bin/intentplay.js');
const run = promisify(execFile);

const scenario = (id: string, goal: string, pattern: string, extra: string, steps: string) =>
  `id: ${id}
persona: p
title: ${goal}
proposals: required
${extra}
trigger: { kind: event, text: Pat is on the bus. }
tools: [todoist]
apps:
  todoist:
    account: { email: pat@example.com, password: pw }
    projects: [{ name: Shopping, tasks: [{ title: Eggs }] }]
intents:
  - { id: G1, text: ${goal}, accept: "(?i)${pattern}", done: { app_state: { app: todoist, path: tasks.*.title, pattern: "(?i)${pattern}" } } }
references:
  main:
${steps}    - say: Added.
      actions:
        - { tool: todoist__login, args: { username: pat@example.com, password: pw } }
        - { tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: ${pattern}, project_id: 2 } }
`;
const propose = (summary: string) =>
  `    - say: ""\n      actions: [{ tool: propose, args: { summary: ${summary} } }]\n`;
const WAIT = '    - say: ""\n      actions: [{ tool: wait }]\n';

// p/a: one proposal, looked into once, then accepted (repeat 0) or rejected (repeat 1).
const A = scenario(
  'p/a',
  'Hand soap is on the list.',
  'soap',
  'gather_ticks: 2\nlimits: { max_turns: 5 }',
  propose('Add hand soap to your Shopping list?') + WAIT,
);
// p/b: P1 rejected at once; P2 looked into until the turn limit ends the session (truncated).
const B = scenario(
  'p/b',
  'Oat milk is on the list.',
  'oat milk',
  'limits: { max_turns: 3 }',
  propose('Add cow milk to your list?') + propose('Add oat milk to your list?') + WAIT,
);

type Body = {
  tools: { function: { name: string } }[];
  messages: { content?: string | null }[];
};

/** The stand-in user: moves around while nothing waits; answers or looks into proposals by rule. */
function standIn(accepts: boolean) {
  const seen = new Map<string, number>();
  return (req: RecordedRequest): ScriptedReply => {
    const body = req.body as Body;
    const tools = body.tools.map((t) => t.function.name);
    const call = (name: string, args: Record<string, unknown> = {}) => ({
      toolCalls: [{ name, arguments: args }],
    });
    const look = () => call(tools.includes('back') ? 'back' : 'open_app', { app: 'todoist' });
    if (!tools.includes('accept'))
      return tools.includes('open_app') ? call('open_app', { app: 'todoist' }) : call('wait');
    const last = String(body.messages.at(-1)?.content ?? '');
    const summary = [...last.matchAll(/proposes: "([^"]+)"/g)].at(-1)?.[1] ?? '';
    const times = seen.get(summary) ?? 0;
    seen.set(summary, times + 1);
    if (summary.includes('cow milk')) return call('reject', { reason: 'I drink oat milk.' });
    if (summary.includes('oat milk') || times === 0) return look();
    return accepts ? call('accept', { reason: 'Yes.' }) : call('reject', { reason: 'Later.' });
  };
}

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

const intentplay = async (args: string[]) => {
  const r = await run(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  return stripVTControlCharacters(r.stdout);
};

describe("PARE's Table 3: how the proposals looked into first resolved", () => {
  it('the real binary records each run’s resolutions, averages them over repeats and reports them', async () => {
    const lib = makeLibrary({ 'scenarios/p/a.yaml': A, 'scenarios/p/b.yaml': B });
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-gather-')), 'out');
    const user = ['--user', 'openai', '--user-model', 'stand-in', '--user-base-url', server.url];
    const flags = ['--concurrency', '1', '--no-progress'];
    server.respond(standIn(true));
    await intentplay(['run', lib, '--agent', 'script:main', ...user, '--out', out, ...flags]);
    server.respond(standIn(false));
    await intentplay(['run', '--resume', out, '--repeat', '2', ...flags]);

    const runs = readLines(out).map((r) => [
      `${r.scenario}#${r.repeat}`,
      r.proposals?.decisions,
      r.proposals?.gather_resolution,
    ]);
    expect(runs.sort()).toEqual([
      [
        'p/a#0',
        { accept: 0, reject: 0, gather_context: 1, truncated: 0 },
        { accept: 1, reject: 0, truncated: 0 },
      ],
      [
        'p/a#1',
        { accept: 0, reject: 0, gather_context: 1, truncated: 0 },
        { accept: 0, reject: 1, truncated: 0 },
      ],
      [
        'p/b#0',
        { accept: 0, reject: 1, gather_context: 1, truncated: 0 },
        { accept: 0, reject: 0, truncated: 1 },
      ],
      [
        'p/b#1',
        { accept: 0, reject: 1, gather_context: 1, truncated: 0 },
        { accept: 0, reject: 0, truncated: 1 },
      ],
    ]);
    // By hand, two gathered proposals a repeat. Repeat 0: accept 1/2, truncated 1/2; repeat 1:
    // reject 1/2, truncated 1/2. Accept: mean 0.25, SE = std(0.5, 0) / √2 = 0.25; the same for
    // reject; truncated 0.5 ± 0.
    const row = (readSummary(out).proposals as ProposalSummary).by_agent['script:main']!;
    expect(row.gathered).toBe(4);
    expect(row.gather_resolution).toEqual({
      accept: { mean: 0.25, se: 0.25 },
      reject: { mean: 0.25, se: 0.25 },
      truncated: { mean: 0.5, se: 0 },
    });
    // Proposal rate from the counts: repeat 0 has 1/2 (p/a, 3 turns, 1 execute) and 2/3 (p/b),
    // repeat 1 has 1/5 (p/a, 5 observe turns) and 2/3: (7/12 + 13/30) / 2 = 0.50833.
    expect(row.proposal_rate.mean).toBe(0.508);
    const report = (await intentplay(['report', out])).split('\n');
    const head = report.findIndex((l) => l.includes('G → accept'));
    expect(report[head]).toMatch(
      /^agent\s+looked into first\s+G → accept\s+G → reject\s+G → truncated$/,
    );
    expect(report[head + 2]).toMatch(
      /^script:main\s+4\s+25\.0 ± 25\.0\s+25\.0 ± 25\.0\s+50\.0 ± 0\.0$/,
    );
    // CSV keeps fractions, under the table's title.
    const csv = (await intentplay(['report', out, '--format', 'csv'])).split('\n');
    const title = csv.findIndex((l) => l.includes('PARE Table 3'));
    expect(csv.slice(title + 1, title + 3)).toEqual([
      'agent,gathered,accept_mean,accept_se,reject_mean,reject_se,truncated_mean,truncated_se',
      'script:main,4,0.25,0.25,0.25,0.25,0.5,0',
    ]);
  }, 90_000);
});

describe("PARE's proposal rate over runs", () => {
  it('averages proposals / observe turns from the counts, not the runs’ rounded rates', () => {
    // 2 proposals in 3 observe turns (stored 0.667) and 1 in 5 (0.2): (2/3 + 1/5) / 2 = 0.4333,
    // where the stored rates average 0.4335, written 0.434.
    const p = (proposals: number, rate: number) =>
      ({
        proposals,
        accepted: 0,
        acceptance_rate: 0,
        proposal_rate: rate,
        read_actions: 0,
        decisions: { accept: 0, reject: proposals, gather_context: 0, truncated: 0 },
        success: 0,
        succeeded: false,
        noise: null,
      }) as ProposalScores;
    const row = proposalRow([
      { scenario: 'p/a', repeat: 0, turns: 3, proposals: p(2, 0.667) },
      { scenario: 'p/b', repeat: 0, turns: 5, proposals: p(1, 0.2) },
    ])!;
    expect(row.proposal_rate.mean).toBe(0.433);
  });
});

describe('Table 3 over results that do not record it', () => {
  const scores = (gathered: number, resolution?: ProposalScores['gather_resolution']) =>
    ({
      proposals: gathered + 1,
      accepted: 1,
      acceptance_rate: null,
      proposal_rate: 0.5,
      read_actions: 0,
      decisions: { accept: 1, reject: 0, gather_context: gathered, truncated: 0 },
      ...(resolution ? { gather_resolution: resolution } : {}),
      success: 1,
      succeeded: true,
      noise: null,
    }) as ProposalScores;
  const record = (scenario: string, p: ProposalScores) =>
    ({ scenario, repeat: 0, persona: 'p', proposals: p }) as unknown as EngineTypes['runRecord'];

  it('leaves out gathered proposals of older results, and says so', () => {
    const runs = [
      record('p/new', scores(2, { accept: 1, reject: 0, truncated: 1 })),
      record('p/old', scores(3)),
    ];
    const row = proposalRow(runs)!;
    // Only the two whose outcome is known: 1 of 2 accepted, not 1 of 5.
    expect(row.gathered).toBe(2);
    expect(row.gather_resolution.accept.mean).toBe(0.5);
    const [section] = proposalsSection(runs, () => 'a');
    expect(section!.text).toContain('3 proposal(s) looked into first come from results written');
    expect(section!.tables.map((t) => t.id)).toContain('proposals-gather-resolution');
  });

  it('has no Table 3 when no one looked into a proposal first, and says why', () => {
    const [section] = proposalsSection([record('p/s', scores(0))], () => 'a');
    expect(section!.tables.map((t) => t.id)).not.toContain('proposals-gather-resolution');
    expect(section!.text).toContain('the rules user always decides at once');
  });
});
