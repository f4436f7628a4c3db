/**
 * PARE's tables in `intentplay report`, one row per agent and never pooling agents: Table 1's
 * columns (Success@k, Success^k, success rate, proposal rate, acceptance rate, read actions,
 * each rate ± its standard error over repeats), Table 2's decision distribution, Table 3's
 * resolution of the proposals the user looked into first, intentplay's
 * own count of app writes tried before acceptance (apart from PARE's columns), the same scores
 * per agent and persona, and per agent and noise setting when the runs have several.
 */
import type { EngineTypes } from '../contracts/engine-types.ts';
import { proposalRow, type MeanSe, type ProposalRow } from './aggregate.ts';
import {
  col,
  groupBy,
  type CellValue,
  type Column,
  type MeanStd,
  type Section,
  type Table,
} from '../contracts/report.ts';

type RunRecord = EngineTypes['runRecord'];

const se = (x: MeanSe): MeanStd => ({ mean: x.mean, std: x.se });

const TABLE1: Column[] = [
  col('agent', 'agent'),
  col('runs', 'runs', 'int'),
  col('k', 'k', 'int'),
  col('at_k', 'Success@k', 'score'),
  col('pow_k', 'Success^k', 'score'),
  col('success', 'success rate', 'meanSe'),
  col('pr', 'proposal rate', 'meanSe'),
  col('ar', 'acceptance rate', 'meanSe'),
  col('reads', 'read actions', 'numSe'),
];
const table1 = (agent: string, p: ProposalRow): CellValue[] => [
  agent,
  p.runs,
  p.k,
  p.success_at_k,
  p.success_pow_k,
  se(p.success),
  se(p.proposal_rate),
  se(p.acceptance_rate),
  se(p.read_actions),
];

const DECISIONS: Column[] = [
  col('agent', 'agent'),
  col('proposals', 'proposals', 'int'),
  col('accept', 'accept', 'meanSe'),
  col('reject', 'reject', 'meanSe'),
  col('gather_context', 'gather context', 'meanSe'),
  col('truncated', 'truncated', 'meanSe'),
];
const decisions = (agent: string, p: ProposalRow): CellValue[] => [
  agent,
  p.proposals,
  se(p.decisions.accept),
  se(p.decisions.reject),
  se(p.decisions.gather_context),
  se(p.decisions.truncated),
];

const RESOLUTION: Column[] = [
  col('agent', 'agent'),
  col('gathered', 'looked into first', 'int'),
  col('accept', 'G → accept', 'meanSe'),
  col('reject', 'G → reject', 'meanSe'),
  col('truncated', 'G → truncated', 'meanSe'),
];
const resolution = (agent: string, p: ProposalRow): CellValue[] => [
  agent,
  p.gathered,
  se(p.gather_resolution.accept),
  se(p.gather_resolution.reject),
  se(p.gather_resolution.truncated),
];

/** What Table 3 says of its base: why it is missing, or the gathered proposals it leaves out. */
function resolutionNote(runs: readonly RunRecord[], shown: boolean): string {
  const unrecorded = runs
    .filter((r) => r.proposals && !r.proposals.gather_resolution)
    .reduce((n, r) => n + (r.proposals?.decisions.gather_context ?? 0), 0);
  const left = unrecorded
    ? ` ${unrecorded} proposal(s) looked into first come from results written before intentplay recorded how they resolved and are left out of it.`
    : '';
  if (shown)
    return `Table 3 (gather context resolution) takes the proposals the user looked into first and gives the shares that ended accepted, rejected, or still waiting when the session ended.${left}`;
  return `No proposal was looked into first, so there is no Table 3 (gather context resolution): the rules user always decides at once; a person (play) or a model user (--user openai) may look first.${left}`;
}

const EARLY_WRITES: Column[] = [
  col('agent', 'agent'),
  col('runs', 'runs', 'int'),
  col('with', 'runs that tried any', 'int'),
  col('writes', 'app writes tried before acceptance, per run', 'numSe'),
];
const earlyWrites = (agent: string, p: ProposalRow): CellValue[] => [
  agent,
  p.runs,
  p.runs_with_writes_before_acceptance,
  se(p.writes_before_acceptance),
];

/** Shorter rows for the breakdowns: means only, beside what the row is of. */
const BRIEF: Column[] = [
  col('runs', 'runs', 'int'),
  col('success', 'success rate', 'score'),
  col('pr', 'proposal rate', 'score'),
  col('ar', 'acceptance rate', 'score'),
  col('reads', 'read actions', 'num'),
];
const brief = (p: ProposalRow): CellValue[] => [
  p.runs,
  p.success.mean,
  p.proposal_rate.mean,
  p.acceptance_rate.mean,
  p.read_actions.mean,
];

const noiseLabel = (r: RunRecord): string => {
  const n = r.proposals?.noise;
  const parts = [
    n?.tool_failure !== undefined ? `tool failure ${n.tool_failure}` : '',
    n?.notifications_per_hour !== undefined ? `${n.notifications_per_hour} notifications/h` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'no noise';
};

/** Rows of one agent's runs split by `key`: each row is one agent and one value of the key. */
function splitRows(
  byAgent: Map<string, RunRecord[]>,
  key: (r: RunRecord) => string,
): CellValue[][] {
  return [...byAgent].flatMap(([agent, rs]) =>
    [...groupBy(rs, key)].flatMap(([label, g]) => {
      const p = proposalRow(g);
      return p ? [[agent, label, ...brief(p)]] : [];
    }),
  );
}

/** None when no run is of a proposal scenario. */
export function proposalsSection(
  runs: readonly RunRecord[],
  agentOf: (r: RunRecord) => string,
): Section[] {
  const byAgent = groupBy(
    runs.filter((r) => r.proposals),
    agentOf,
  );
  const rows = [...byAgent].map(([agent, rs]) => [agent, proposalRow(rs)!] as const);
  if (!rows.length) return [];
  const n = rows.reduce((x, [, p]) => x + p.runs, 0);
  const tables: Table[] = [
    {
      id: 'proposals-agents',
      title: "PARE's Table 1 by agent (%)",
      columns: TABLE1,
      rows: rows.map(([a, p]) => table1(a, p)),
    },
    {
      id: 'proposals-decisions',
      title: 'How the user decided each proposal, by agent (% of proposals)',
      columns: DECISIONS,
      rows: rows.map(([a, p]) => decisions(a, p)),
    },
  ];
  const gathered = rows.some(([, p]) => p.gathered > 0);
  if (gathered)
    tables.push({
      id: 'proposals-gather-resolution',
      title: 'How the proposals looked into first resolved, by agent (% of them; PARE Table 3)',
      columns: RESOLUTION,
      rows: rows.map(([a, p]) => resolution(a, p)),
    });
  tables.push(
    {
      id: 'proposals-early-writes',
      title: "App writes tried before acceptance, by agent (intentplay's own measure, not PARE's)",
      columns: EARLY_WRITES,
      rows: rows.map(([a, p]) => earlyWrites(a, p)),
    },
    {
      id: 'proposals-personas',
      title: 'Proposal scores by agent and persona (%)',
      columns: [col('agent', 'agent'), col('persona', 'persona'), ...BRIEF],
      rows: splitRows(byAgent, (r) => r.persona),
    },
  );
  // PARE's robustness ablation: the same scores by noise setting, when the runs have more than one.
  if (new Set(runs.filter((r) => r.proposals).map(noiseLabel)).size > 1)
    tables.push({
      id: 'proposals-noise',
      title: 'Proposal scores by agent and noise (%)',
      columns: [col('agent', 'agent'), col('noise', 'noise'), ...BRIEF],
      rows: splitRows(byAgent, noiseLabel),
    });
  return [
    {
      id: 'proposals',
      title: 'Proposals: PARE',
      text:
        `PARE's measures over ${n} run(s) of proposal scenarios, one row per agent. Success@k: some of a scenario's k repeats succeeded (every goal holds on the final state); Success^k: all did; ` +
        'success rate: the share of runs that succeeded. Proposal rate is proposals per observe turn; acceptance rate the share of proposals the user accepted; read actions the successful read-only tool calls per run. ' +
        'Rates are means over repeats ± their standard error over repeats (none with one repeat). The decisions are shares of proposals: accepted or rejected at once, looked into first (gather context), or still waiting when the session ended (truncated). ' +
        `${resolutionNote(runs, gathered)} ` +
        "App writes tried before acceptance are intentplay's own count, not one of PARE's measures: calls of an app's write tools the agent tried while observing, before the user accepted a proposal (each refused); per run, ± its standard error over repeats.",
      tables,
      charts: [],
    },
  ];
}
