/**
 * PARE's table in `intentplay report`: for the runs of proposal scenarios, per agent and per
 * persona, success, Success@k and Success^k over repeats, proposal rate, acceptance rate and
 * read actions.
 */
import type { RunRecord } from '../batch/summary.ts';
import { aggregateProposals, type ProposalSummary } from '../proposals/aggregate.ts';
import type { CellValue, Column, Section, Table } from './document.ts';
import { groupBy } from './columns.ts';
import { col } from './columns.ts';
import { byAgentAndPersona } from './paradigm-tables.ts';

const COLUMNS: Column[] = [
  col('runs', 'runs', 'int'),
  col('k', 'k', 'int'),
  col('success', 'success', 'score'),
  col('at_k', 'Success@k', 'score'),
  col('pow_k', 'Success^k', 'score'),
  col('pr', 'proposal rate', 'score'),
  col('ar', 'acceptance', 'score'),
  col('reads', 'read actions', 'num'),
];

const cells = (p: ProposalSummary): CellValue[] => [
  p.n,
  p.k,
  p.success,
  p.success_at_k,
  p.success_pow_k,
  p.proposal_rate,
  p.acceptance_rate,
  p.read_actions,
];

const noiseLabel = (r: RunRecord): string => {
  const n = r.proposals?.noise;
  if (!n) return 'no noise';
  return (
    [
      n.tool_failure !== undefined ? `tool failure ${n.tool_failure}` : '',
      n.notifications_per_hour !== undefined ? `${n.notifications_per_hour} notifications/h` : '',
    ]
      .filter(Boolean)
      .join(', ') || 'no noise'
  );
};

/** PARE's robustness ablation: the same scores by noise setting, when the runs have more than one. */
function noiseTable(rs: readonly RunRecord[]): Table[] {
  const groups = groupBy(rs, noiseLabel);
  if (groups.size < 2) return [];
  const rows = [...groups].flatMap(([label, g]) => {
    const p = aggregateProposals(g);
    return p ? [[label, ...cells(p)]] : [];
  });
  return [{ id: 'proposals-noise', title: 'Proposal scores by noise (%)', columns: [col('noise', 'noise'), ...COLUMNS], rows }];
}

/** Null when no run is of a proposal scenario (the section is left out). */
export function proposalsSection(runs: readonly RunRecord[], agentOf: (r: RunRecord) => string): Section | null {
  const rs = runs.filter((r) => r.proposals);
  const overall = aggregateProposals(rs);
  if (!overall) return null;
  return {
    id: 'proposals',
    title: 'Proposals: success, proposal and acceptance rates',
    text:
      `PARE's measures over ${overall.n} run(s) of proposal scenarios. Success: every goal holds on the final state; Success@k: some of a scenario's k repeats succeeded; Success^k: all did. ` +
      'Proposal rate is proposals per observe turn; acceptance the share of proposals the user accepted; read actions the read-only tool calls per run.',
    tables: [
      ...byAgentAndPersona(rs, agentOf, {
        id: 'proposals',
        title: 'Proposal scores',
        columns: COLUMNS,
        aggregate: aggregateProposals,
        cells,
        overall,
      }),
      ...noiseTable(rs),
    ],
    charts: [],
  };
}
