/**
 * The bundled time scenarios, offline: at least six, spread over the personas, positive and
 * negative, two with an intention shift; each with a proactive, a reactive and an over-eager
 * reference, and under the rules judge the proactive one wins on action accuracy.
 */
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../src/scenario/library.ts';
import type { LoadedScenario } from '../../src/scenario/library.ts';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import type { TimeScores } from '../../src/contracts/events.ts';
import { runTarget } from '../helpers/run.ts';
import { shapeOf } from '../../src/time/measures.ts';

const library = loadLibrary(BUNDLED_LIBRARY, { fresh: true }).library;
const timed = [...library.scenarios.values()]
  .filter((s) => s.environment?.updates?.length && !s.proposals)
  .sort((a, b) => a.id.localeCompare(b.id));
const positive = (s: LoadedScenario) => shapeOf(s).branch === 'positive';
const complex = (s: LoadedScenario) => shapeOf(s).complex;

async function timeOf(s: LoadedScenario, reference: string): Promise<TimeScores> {
  const { results } = await runTarget(s.file, { agent: `script:${reference}`, noDeps: true });
  expect(results[0]!.end).toBe('resolved');
  return results[0]!.scores.time!;
}

describe('the bundled time scenarios', () => {
  it('are at least six, over four personas, positive and negative, simple and complex', () => {
    expect(timed.length).toBeGreaterThanOrEqual(6);
    expect(new Set(timed.map((s) => s.persona)).size).toBeGreaterThanOrEqual(4);
    expect(timed.filter(positive).length).toBeGreaterThanOrEqual(2);
    expect(timed.filter((s) => !positive(s)).length).toBeGreaterThanOrEqual(2);
    // ChronosBench's four cells: simple and complex, each positive and negative.
    for (const c of [false, true]) {
      expect(
        timed.filter((s) => complex(s) === c && positive(s)).length,
        `complex ${c}, positive`,
      ).toBeGreaterThanOrEqual(1);
      expect(
        timed.filter((s) => complex(s) === c && !positive(s)).length,
        `complex ${c}, negative`,
      ).toBeGreaterThanOrEqual(1);
    }
    for (const s of timed)
      expect(Object.keys(s.references ?? {}).sort(), s.id).toEqual([
        'eager',
        'proactive',
        'reactive',
      ]);
  });

  it.each(timed.map((s) => [s.id, s] as const))(
    '%s: proactive completes the time task with every action and status right; reactive and eager do not',
    async (_id, s) => {
      const [proactive, reactive, eager] = [
        await timeOf(s, 'proactive'),
        await timeOf(s, 'reactive'),
        await timeOf(s, 'eager'),
      ];
      expect(proactive).toMatchObject({
        completed: true,
        ending: 'finished_properly',
        action_accuracy: 1,
        status_accuracy: 1,
      });
      expect(proactive.followups.false).toBe(0);
      // The reactive agent never watches: every update goes by unseen.
      expect(reactive).toMatchObject({
        completed: false,
        ending: 'never_watched',
        decision_accuracy: 0,
      });
      expect(reactive.followups.hit + reactive.silences.kept).toBe(0);
      // The over-eager agent speaks on every update: false follow-ups cost it.
      expect(eager.followups.false).toBeGreaterThan(0);
      expect(eager.action_accuracy!).toBeLessThan(1);
      expect(eager.completed).toBe(false);
    },
  );
});
