/**
 * PARE's table over many runs of proposal scenarios: success rate, Success@k (some repeat of a
 * scenario succeeded) and Success^k (every repeat did), proposal rate, acceptance rate and read
 * actions.
 */
import { round } from '../judge/scores.ts';
import type { ProposalScores } from '../contracts/events.ts';

export interface ProposalSummary {
  n: number;
  /** Repeats per scenario (the k of Success@k and Success^k: the smallest count). */
  k: number;
  success: number | null;
  success_at_k: number | null;
  success_pow_k: number | null;
  proposal_rate: number | null;
  acceptance_rate: number | null;
  read_actions: number | null;
}

const mean = (xs: readonly number[]): number | null => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const known = (xs: readonly (number | null)[]) => xs.filter((x): x is number => x !== null);

/** Null when none of the runs is of a proposal scenario. */
export function aggregateProposals(runs: readonly { scenario: string; proposals?: ProposalScores | null }[]): ProposalSummary | null {
  const rs = runs.filter((r): r is { scenario: string; proposals: ProposalScores } => !!r.proposals);
  if (!rs.length) return null;
  const byScenario = new Map<string, boolean[]>();
  for (const r of rs) byScenario.set(r.scenario, [...(byScenario.get(r.scenario) ?? []), r.proposals.succeeded]);
  const groups = [...byScenario.values()];
  return {
    n: rs.length,
    k: Math.min(...groups.map((g) => g.length)),
    success: mean(rs.map((r) => (r.proposals.succeeded ? 1 : 0))),
    success_at_k: mean(groups.map((g) => (g.some(Boolean) ? 1 : 0))),
    success_pow_k: mean(groups.map((g) => (g.every(Boolean) ? 1 : 0))),
    proposal_rate: mean(known(rs.map((r) => r.proposals.proposal_rate))),
    acceptance_rate: mean(known(rs.map((r) => r.proposals.acceptance_rate))),
    read_actions: mean(rs.map((r) => r.proposals.read_actions)),
  };
}
