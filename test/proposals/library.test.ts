/**
 * The bundled proposal scenarios, offline: spread over the personas, one with noise; each with
 * a proactive, a reactive (never proposes) and an over-eager reference (proposes wrong things),
 * and only the proactive one succeeds, checked by app_state rules on the final state.
 */
import { describe, expect, it } from 'vitest';
import { loadLibrary, type LoadedScenario } from '../../src/scenario/library.ts';
import type { ProposalScores } from '../../src/contracts/events.ts';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import { runTarget } from '../helpers/run.ts';

const library = loadLibrary(BUNDLED_LIBRARY, { fresh: true }).library;
const proposing = [...library.scenarios.values()]
  .filter((s) => s.proposals)
  .sort((a, b) => a.id.localeCompare(b.id));

async function scoresOf(s: LoadedScenario, reference: string): Promise<ProposalScores> {
  const { results } = await runTarget(s.file, { agent: `script:${reference}`, noDeps: true });
  expect(results[0]!.end).toBe('resolved');
  return results[0]!.scores.proposals!;
}

describe('the bundled proposal scenarios', () => {
  it('are at least five, over four personas, one with noise, every goal checked on the app state', () => {
    expect(proposing.length).toBeGreaterThanOrEqual(5);
    expect(new Set(proposing.map((s) => s.persona)).size).toBeGreaterThanOrEqual(4);
    expect(proposing.some((s) => s.noise?.tool_failure && s.noise.notifications_per_hour)).toBe(
      true,
    );
    for (const s of proposing) {
      expect(Object.keys(s.references ?? {}).sort(), s.id).toEqual([
        'eager',
        'proactive',
        'reactive',
      ]);
      for (const g of s.intents)
        expect(JSON.stringify(g.done), `${s.id} ${g.id}`).toContain('app_state');
    }
  });

  it.each(proposing.map((s) => [s.id, s] as const))(
    '%s: proactive succeeds with one accepted proposal; reactive and eager do not',
    async (_id, s) => {
      const [proactive, reactive, eager] = [
        await scoresOf(s, 'proactive'),
        await scoresOf(s, 'reactive'),
        await scoresOf(s, 'eager'),
      ];
      expect(proactive).toMatchObject({ succeeded: true, proposals: 1, accepted: 1 });
      expect(reactive).toMatchObject({ succeeded: false, proposals: 0 });
      expect(eager.succeeded).toBe(false);
      expect(eager.proposals).toBeGreaterThan(1);
      expect(eager.accepted).toBe(0);
    },
  );
});
