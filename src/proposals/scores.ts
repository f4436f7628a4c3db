/** PARE's scores for one session: proposals, acceptance, proposal rate, read actions, the decisions (Tables 2 and 3), success. */
import { evaluateRule } from '../judge/evidence.ts';
import { round } from '../judge/scores.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import type { ProposalScores } from '../contracts/events.ts';
import type { ProposalWorld } from './world.ts';
import type { NoiseSpec } from './schema.ts';

export function proposalScores(
  w: ProposalWorld,
  goals: readonly IntentSpec[],
  apps: Record<string, unknown>,
  noise: NoiseSpec | undefined,
): ProposalScores {
  const proposals = w.proposals.length;
  const accepted = w.proposals.filter((p) => p.verdict === 'accepted').length;
  const gathered = w.proposals.filter((p) => p.gathered > 0);
  const reached = goals.filter(
    (g) => evaluateRule(g.done!, { replies: [], toolCalls: [], files: new Map(), apps }).holds,
  ).length;
  return {
    proposals,
    accepted,
    acceptance_rate: proposals ? round(accepted / proposals) : null,
    proposal_rate: w.observeTurns ? round(proposals / w.observeTurns) : null,
    read_actions: w.readActions,
    ...(w.writesBeforeAcceptance ? { writes_before_acceptance: w.writesBeforeAcceptance } : {}),
    decisions: {
      // Looked into first, whatever came of it; otherwise decided at once; or never decided before the end.
      accept: w.proposals.filter((p) => !p.gathered && p.verdict === 'accepted').length,
      reject: w.proposals.filter((p) => !p.gathered && p.verdict === 'rejected').length,
      gather_context: gathered.length,
      truncated: w.proposals.filter((p) => !p.gathered && !p.verdict).length,
    },
    // Only when the user looked into any: recordings where no one did keep their lines.
    ...(gathered.length
      ? {
          gather_resolution: {
            accept: gathered.filter((p) => p.verdict === 'accepted').length,
            reject: gathered.filter((p) => p.verdict === 'rejected').length,
            truncated: gathered.filter((p) => !p.verdict).length,
          },
        }
      : {}),
    success: goals.length ? round(reached / goals.length) : null,
    succeeded: goals.length > 0 && reached === goals.length,
    noise: noise ?? null,
  };
}
