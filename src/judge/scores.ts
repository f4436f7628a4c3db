/** Per-session scores (docs/engine.md): Proc over intents, Comp over graded checklist items. */
import type { LoadedScenario } from '../scenario/library.ts';
import type { IntentStatus, Scores } from '../session/events.ts';

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

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
