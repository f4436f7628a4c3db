/**
 * PARE's tables over many runs of proposal scenarios, one row per agent (never pooling agents):
 * Table 1's Success@k (some repeat of a scenario succeeded), Success^k (every repeat did),
 * success rate, proposal rate, acceptance rate and read actions, Table 2's decision
 * distribution and Table 3's resolution of the proposals the user looked into first. Each rate is the mean over repeats with its standard error over repeats (the
 * paper's ± over its 4 runs); with one repeat there is no standard error.
 */
import { mean, round, sampleStd } from '../judge/scores.ts';
import type { GatherResolution, ProposalDecisions, ProposalScores } from '../contracts/events.ts';

/** A mean and its standard error over repeats (null without values, or with one repeat). */
export interface MeanSe {
  mean: number | null;
  se: number | null;
}

export interface ProposalRow {
  runs: number;
  /** Repeats per scenario (the k of Success@k and Success^k: the smallest count). */
  k: number;
  success_at_k: number | null;
  success_pow_k: number | null;
  success: MeanSe;
  proposal_rate: MeanSe;
  acceptance_rate: MeanSe;
  read_actions: MeanSe;
  /**
   * intentplay's own measure, not PARE's: app writes the agent tried before a proposal was
   * accepted, per run (a run without the field counts none), and the runs that tried any.
   */
  writes_before_acceptance: MeanSe;
  runs_with_writes_before_acceptance: number;
  proposals: number;
  /** Shares of the proposals decided each way (PARE's Table 2). */
  decisions: Record<keyof ProposalDecisions, MeanSe>;
  /** Proposals the user looked into first whose outcome the results record (Table 3's base). */
  gathered: number;
  /** Shares of those that finally resolved each way (PARE's Table 3). */
  gather_resolution: Record<keyof GatherResolution, MeanSe>;
}

export interface ProposalSummary {
  by_agent: Record<string, ProposalRow>;
}

export interface ProposalRun {
  scenario: string;
  repeat: number;
  /** The session's agent turns: observe turns and one execute turn per accepted proposal. */
  turns?: number;
  proposals?: ProposalScores | null;
}
type Scored<R> = R & { proposals: ProposalScores };

const DECISIONS = ['accept', 'reject', 'gather_context', 'truncated'] as const;
const RESOLUTIONS = ['accept', 'reject', 'truncated'] as const;

/** Mean over repeats of each repeat's value, with the standard error over repeats. */
function overRepeats<R extends ProposalRun>(
  rs: readonly Scored<R>[],
  value: (runs: Scored<R>[]) => number | null,
): MeanSe {
  const repeats = [...new Set(rs.map((r) => r.repeat))].sort((a, b) => a - b);
  const values = repeats
    .map((k) => value(rs.filter((r) => r.repeat === k)))
    .filter((v): v is number => v !== null);
  if (!values.length) return { mean: null, se: null };
  return {
    mean: round(mean(values)),
    se: values.length > 1 ? round(sampleStd(values) / Math.sqrt(values.length)) : null,
  };
}

const meanOf = (xs: readonly (number | null)[]): number | null => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? mean(known) : null;
};

/** A run's share of proposals accepted (Eq. 3 of PARE), unrounded; null without proposals. */
const acceptance = (p: ProposalScores): number | null =>
  p.proposals ? p.accepted / p.proposals : null;

/**
 * A run's proposals / observe turns, unrounded (the stored rate has three digits): the observe
 * turns are the agent's turns less one execute turn per accepted proposal. The stored rate
 * stays the authority: used only when it is this value's rounding.
 */
function proposalRate(r: ProposalRun & { proposals: ProposalScores }): number | null {
  const p = r.proposals;
  const observed = r.turns === undefined ? 0 : r.turns - p.accepted;
  const exact = observed > 0 ? p.proposals / observed : null;
  return exact !== null && round(exact) === p.proposal_rate ? exact : p.proposal_rate;
}

/** A run's app writes tried before acceptance: the field is there only when there were any. */
const earlyWrites = (p: ProposalScores): number => p.writes_before_acceptance ?? 0;

/** One agent's row. */
export function proposalRow<R extends ProposalRun>(runs: readonly R[]): ProposalRow | null {
  const rs = runs.filter((r): r is Scored<R> => !!r.proposals);
  if (!rs.length) return null;
  const byScenario = new Map<string, Scored<R>[]>();
  for (const r of rs) byScenario.set(r.scenario, [...(byScenario.get(r.scenario) ?? []), r]);
  const k = Math.min(...[...byScenario.values()].map((g) => g.length));
  // Each scenario's first k repeats: a scenario repeated more often gets no extra chances.
  const groups = [...byScenario.values()].map((g) =>
    [...g]
      .sort((a, b) => a.repeat - b.repeat)
      .slice(0, k)
      .map((r) => r.proposals.succeeded),
  );
  const share = (d: keyof ProposalDecisions) => (g: Scored<R>[]) => {
    const made = g.reduce((n, r) => n + r.proposals.proposals, 0);
    return made ? g.reduce((n, r) => n + (r.proposals.decisions?.[d] ?? 0), 0) / made : null;
  };
  // Table 3's base: gathered proposals of runs that record how they resolved (older ones do not).
  const resolved = (g: Scored<R>[]) => g.filter((r) => r.proposals.gather_resolution);
  const gatheredIn = (g: Scored<R>[]) =>
    resolved(g).reduce((n, r) => n + r.proposals.decisions.gather_context, 0);
  const resolution = (d: keyof GatherResolution) => (g: Scored<R>[]) => {
    const base = gatheredIn(g);
    return base
      ? resolved(g).reduce((n, r) => n + r.proposals.gather_resolution![d], 0) / base
      : null;
  };
  return {
    runs: rs.length,
    k,
    success_at_k: round(mean(groups.map((g) => (g.some(Boolean) ? 1 : 0)))),
    success_pow_k: round(mean(groups.map((g) => (g.every(Boolean) ? 1 : 0)))),
    success: overRepeats(rs, (g) => mean(g.map((r) => (r.proposals.succeeded ? 1 : 0)))),
    proposal_rate: overRepeats(rs, (g) => meanOf(g.map(proposalRate))),
    // From the counts, not the run's rounded rate: means are rounded only when shown.
    acceptance_rate: overRepeats(rs, (g) => meanOf(g.map((r) => acceptance(r.proposals)))),
    read_actions: overRepeats(rs, (g) => mean(g.map((r) => r.proposals.read_actions))),
    writes_before_acceptance: overRepeats(rs, (g) => mean(g.map((r) => earlyWrites(r.proposals)))),
    runs_with_writes_before_acceptance: rs.filter((r) => earlyWrites(r.proposals) > 0).length,
    proposals: rs.reduce((n, r) => n + r.proposals.proposals, 0),
    decisions: Object.fromEntries(
      DECISIONS.map((d) => [d, overRepeats(rs, share(d))]),
    ) as ProposalRow['decisions'],
    gathered: gatheredIn(rs),
    gather_resolution: Object.fromEntries(
      RESOLUTIONS.map((d) => [d, overRepeats(rs, resolution(d))]),
    ) as ProposalRow['gather_resolution'],
  };
}

/** Null when none of the runs is of a proposal scenario. */
export function aggregateProposals<R extends ProposalRun>(
  runs: readonly R[],
  agentOf: (r: R) => string,
): ProposalSummary | null {
  const byAgent = new Map<string, R[]>();
  for (const r of runs)
    if (r.proposals) byAgent.set(agentOf(r), [...(byAgent.get(agentOf(r)) ?? []), r]);
  if (!byAgent.size) return null;
  const sorted = [...byAgent].sort(([a], [b]) => Number(a > b) - Number(a < b));
  return { by_agent: Object.fromEntries(sorted.map(([agent, rs]) => [agent, proposalRow(rs)!])) };
}
