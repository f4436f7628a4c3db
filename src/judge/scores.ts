/** Per-session scores (docs/engine.md): Proc over intents, Comp over graded checklist items. */
import type { LoadedScenario } from '../scenario/library.ts';
import type { IntentStatus, Scores } from '../contracts/events.ts';
import { round } from '../contracts/session-scores.ts';

export function computeScores(
  scenario: LoadedScenario,
  status: ReadonlyMap<string, IntentStatus>,
  checklist: ReadonlyMap<string, { pass: boolean | null }>,
  turns: number,
): Scores {
  const intents: Record<string, IntentStatus> = {};
  let credited = 0;
  for (const i of scenario.intents) {
    const s = status.get(i.id) ?? 'open';
    intents[i.id] = s;
    if (s === 'completed' || s === 'inferred') credited++;
  }
  const items: Record<string, boolean | null> = {};
  let graded = 0;
  let passed = 0;
  for (const c of scenario.checklist ?? []) {
    const pass = checklist.get(c.id)?.pass ?? null;
    items[c.id] = pass;
    if (pass !== null) {
      graded++;
      if (pass) passed++;
    }
  }
  // Superseded intents count nowhere: an intention shift replaced them.
  const n = scenario.intents.filter((i) => status.get(i.id) !== 'superseded').length;
  return {
    proc: n ? round(credited / n) : 0,
    comp: graded ? round(passed / graded) : null,
    turns,
    intents,
    checklist: items,
    graded,
    passed,
    ungraded: (scenario.checklist?.length ?? 0) - graded,
  };
}

// Shared with the screens and studies, which may import only contracts.
export { round } from '../contracts/session-scores.ts';

/** Plain mean; 0 for no values. */
export const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;

/** Sample standard deviation (n-1); 0 for fewer than two values. */
export function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}
