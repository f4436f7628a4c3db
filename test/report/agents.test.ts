/**
 * No report table pools different agents: PARE's tables have one row per agent with ± the
 * standard error over repeats and the decision distribution, worked out by hand here; the
 * sections of π-Bench's tables come once per agent when the results mix agents.
 */
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/batch/summary.ts';
import type { ProposalScores } from '../../src/contracts/events.ts';
import { buildReport } from '../../src/report/build.ts';
import { renderMarkdown } from '../../src/report/render-text.ts';
import type { Table } from '../../src/report/document.ts';

const scores = (o: {
  succeeded: boolean;
  proposals: number;
  accepted: number;
  rate: number;
  reads: number;
  d: number[];
  early?: number;
}): ProposalScores => ({
  proposals: o.proposals,
  accepted: o.accepted,
  acceptance_rate: o.proposals ? o.accepted / o.proposals : null,
  proposal_rate: o.rate,
  read_actions: o.reads,
  decisions: { accept: o.d[0]!, reject: o.d[1]!, gather_context: o.d[2]!, truncated: o.d[3]! },
  success: o.succeeded ? 1 : 0,
  succeeded: o.succeeded,
  noise: null,
  ...(o.early ? { writes_before_acceptance: o.early } : {}),
});

function run(agent: string, scenario: string, repeat: number, p: ProposalScores): RunRecord {
  return {
    scenario,
    persona: scenario.split('/')[0]!,
    repeat,
    proc: p.succeeded ? 1 : 0,
    comp: null,
    turns: 4,
    end: 'resolved',
    intents: { G1: p.succeeded ? 'completed' : 'unresolved' },
    checklist: {},
    proposals: p,
    backends: {
      agent: { kind: 'script', name: agent },
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    },
  };
}

// proactive: repeat 0 succeeds twice, repeat 1 once. Decisions: repeat 0 two of three proposals
// accepted at once and one rejected; repeat 1 one looked into first, one still waiting at the end.
const RUNS: RunRecord[] = [
  run(
    'proactive',
    'a/s1',
    0,
    scores({
      ...{ succeeded: true, proposals: 1, accepted: 1, rate: 0.2, reads: 4, d: [1, 0, 0, 0] },
      early: 2,
    }),
  ),
  run(
    'proactive',
    'b/s2',
    0,
    scores({ succeeded: true, proposals: 2, accepted: 1, rate: 0.4, reads: 6, d: [1, 1, 0, 0] }),
  ),
  run(
    'proactive',
    'a/s1',
    1,
    scores({
      ...{ succeeded: true, proposals: 1, accepted: 1, rate: 0.2, reads: 2, d: [0, 0, 1, 0] },
      early: 1,
    }),
  ),
  run(
    'proactive',
    'b/s2',
    1,
    scores({ succeeded: false, proposals: 1, accepted: 0, rate: 0.2, reads: 0, d: [0, 0, 0, 1] }),
  ),
  ...[0, 1].flatMap((k) =>
    ['a/s1', 'b/s2'].map((s) =>
      run(
        'reactive',
        s,
        k,
        scores({ succeeded: false, proposals: 0, accepted: 0, rate: 0, reads: 1, d: [0, 0, 0, 0] }),
      ),
    ),
  ),
];

const doc = buildReport({ folders: ['/r'], runs: RUNS, readEvents: () => [] });
const tableOf = (id: string): Table =>
  doc.sections.flatMap((s) => s.tables).find((t) => t.id === id)!;

describe('a report of several agents', () => {
  it("gives PARE's Table 1 per agent: Success@k, Success^k, and each rate with ± its standard error over repeats", () => {
    const t = tableOf('proposals-agents');
    expect(t.rows.map((r) => r[0])).toEqual(['script:proactive', 'script:reactive']);
    const [, runs, k, atK, powK, success, pr, ar, reads] = t.rows[0]!;
    expect([runs, k, atK, powK]).toEqual([4, 2, 1, 0.5]);
    // success per repeat 1 and 0.5: mean 0.75, std 0.354, standard error 0.354 / √2 = 0.25.
    expect(success).toEqual({ mean: 0.75, std: 0.25 });
    expect(pr).toEqual({ mean: 0.25, std: 0.05 });
    // acceptance per repeat: mean(1, 0.5) = 0.75 and mean(1, 0) = 0.5.
    expect(ar).toEqual({ mean: 0.625, std: 0.125 });
    expect(reads).toEqual({ mean: 3, std: 2 });
    expect(renderMarkdown(doc)).toContain('75.0 ± 25.0');
  });

  it("counts app writes tried before acceptance per agent, in a table apart from PARE's", () => {
    const t = tableOf('proposals-early-writes');
    expect(t.title).toMatch(/intentplay's own measure, not PARE's/);
    // proactive: 2 + 0 writes in repeat 0 and 1 + 0 in repeat 1, per run 1 and 0.5: mean 0.75,
    // standard error 0.354 / √2 = 0.25; reactive tried none.
    expect(t.rows).toEqual([
      ['script:proactive', 4, 2, { mean: 0.75, std: 0.25 }],
      ['script:reactive', 4, 0, { mean: 0, std: 0 }],
    ]);
    expect(tableOf('proposals-agents').columns.map((c) => c.label)).not.toContainEqual(
      expect.stringMatching(/before acceptance/),
    );
  });

  it('gives the decision distribution per agent, as shares of proposals', () => {
    const t = tableOf('proposals-decisions');
    // accept: 2 of 3 in repeat 0, 0 of 2 in repeat 1; gather context and truncated: 0 then 1 of 2.
    expect(t.rows[0]).toEqual([
      'script:proactive',
      5,
      { mean: 0.333, std: 0.333 },
      { mean: 0.167, std: 0.167 },
      { mean: 0.25, std: 0.25 },
      { mean: 0.25, std: 0.25 },
    ]);
    expect(t.rows[1]!.slice(0, 3)).toEqual(['script:reactive', 0, { mean: null, std: null }]);
  });

  it('has no row or table that pools the agents', () => {
    // An overall row is only ever one agent's (its table names the agent).
    for (const t of doc.sections.flatMap((s) => s.tables))
      if (t.rows.some((r) => r[0] === 'overall'))
        expect(t.title).toMatch(/agent script:(proactive|reactive)$/);
    expect(tableOf('proposals-personas').rows.map((r) => `${r[0]} ${r[1]}`)).toEqual([
      'script:proactive a',
      'script:proactive b',
      'script:reactive a',
      'script:reactive b',
    ]);
    // The Proc / Comp tables come once per agent.
    const personas = doc.sections.filter((s) => s.id.startsWith('personas'));
    expect(personas.map((s) => s.title)).toEqual([
      'Proc and Comp by persona (session means) (agent script:proactive)',
      'Proc and Comp by persona (session means) (agent script:reactive)',
    ]);
    expect(personas[1]!.tables[0]!.rows.find((r) => r[0] === 'overall')).toEqual([
      'overall',
      4,
      2,
      { mean: 0, std: 0 },
      { mean: null, std: null },
    ]);
  });
});
