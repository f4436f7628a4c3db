import { describe, expect, it } from 'vitest';
import type { IntentStatus } from '../../src/contracts/events.ts';
import {
  dependencyGroup,
  pibenchSummary,
  type PibenchRun,
  type PibenchScenarioInfo,
} from '../../src/pibench/scoring.ts';

/** A small library: A is B's dependency (no criteria); C is scored by a rule script only; D has one rubric item. */
const scenarios: Record<string, PibenchScenarioInfo> = {
  'p/A': { id: 'p/A', intents: ids(2), dependsOn: [] },
  'p/B': {
    id: 'p/B',
    intents: ids(3),
    dependsOn: ['p/A'],
    checklist: [
      { id: 'C1', text: 'one', grader: 'rubric', weight: 2 },
      { id: 'C2', text: 'two', grader: 'rubric' },
    ],
  },
  'p/C': {
    id: 'p/C',
    intents: ids(1),
    dependsOn: [],
    pibench: { tools_evaluation_path: 'data/p/scripts/c.py' },
  },
  'p/D': {
    id: 'p/D',
    intents: ids(2),
    dependsOn: [],
    checklist: [{ id: 'C1', text: 'one', grader: 'rubric' }],
  },
  'q/X': {
    id: 'q/X',
    intents: ids(1),
    dependsOn: [],
    checklist: [{ id: 'C1', text: 'one', grader: 'rubric' }],
  },
};
const lookup = (id: string) => scenarios[id];

function ids(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `I${i + 1}`, text: `intent ${i + 1}` }));
}

function run(
  scenario: string,
  repeat: number,
  statuses: IntentStatus[],
  checklist: Record<string, boolean | null> = {},
): PibenchRun {
  return {
    scenario,
    persona: scenario.split('/')[0]!,
    repeat,
    intents: Object.fromEntries(statuses.map((s, i) => [`I${i + 1}`, s])),
    checklist,
  };
}

const runs: PibenchRun[] = [
  run('p/A', 0, ['completed', 'provided']),
  run('p/B', 0, ['inferred', 'provided', 'completed'], { C1: true, C2: false, T1: true }),
  run('p/C', 0, ['provided'], { T1: false, T2: true }),
  run('p/D', 0, ['completed', 'unresolved'], { C1: null }),
  run('p/A', 1, ['completed', 'completed']),
  run('p/B', 1, ['provided', 'provided', 'provided'], { C1: false, C2: true, T1: true }),
  run('p/C', 1, ['inferred'], { T1: true, T2: true }),
  run('p/D', 1, ['completed', 'completed'], { C1: true }),
  run('q/X', 0, ['completed'], { C1: true }),
];

describe('π-Bench scoring', () => {
  const summary = pibenchSummary(runs, lookup);
  const task = (scenario: string, repeat: number) =>
    summary.tasks.find((t) => t.scenario === scenario && t.repeat === repeat)!;

  it('pools a task’s Proc with its dependencies and weighs it by dependency-group size', () => {
    // B alone: 2 of 3 credited (inferred + completed; provided earns nothing). Pooled with A (1 of 2): 3 / 5.
    expect(task('p/B', 0)).toMatchObject({
      covered: 2,
      intents: 3,
      proc_independent: 0.6667,
      proc: 0.6,
      weight: 2,
      pooled: ['p/B', 'p/A'],
      included: true,
    });
    expect(task('p/B', 1)).toMatchObject({ proc_independent: 0, proc: 0.4 });
    // A has no criteria: it only feeds B's pool.
    expect(task('p/A', 0)).toMatchObject({ included: false, comp: null, weight: 1 });
  });

  it('weighs Comp items (rule-script items weigh 1) and drops a task with nothing graded', () => {
    expect(task('p/B', 0).comp).toBe(0.75); // (2 + 0 + 1) / 4
    expect(task('p/C', 0).comp).toBe(0.5);
    expect(task('p/D', 0)).toMatchObject({
      comp: null,
      dropped: expect.stringContaining('no criterion was graded'),
    });
  });

  it('averages per user with dependency-group-size weights, then over repeats', () => {
    const p = summary.users.p!;
    // repeat 0: Proc (0.6·2 + 0·1 + 0.5·1) / 4 = 0.425; Comp (0.75·2 + 0.5·1) / 3 with D dropped = 0.6667
    // repeat 1: Proc (0.4·2 + 1 + 1) / 4 = 0.7;          Comp (0.5·2 + 1 + 1) / 4 = 0.75
    expect(p.per_repeat).toEqual([
      { repeat: 0, proc: 0.425, comp: 0.6667, scored_tasks: 3, comp_tasks: 2, total_weight: 4 },
      { repeat: 1, proc: 0.7, comp: 0.75, scored_tasks: 3, comp_tasks: 3, total_weight: 4 },
    ]);
    expect(p).toMatchObject({
      repeats: 2,
      proc_mean: 0.5625,
      proc_std: 0.1945,
      comp_mean: 0.7083,
      comp_std: 0.0589,
    });
  });

  it('gives the model average as the plain mean over (user, repeat) pairs, ± the std across repeats', () => {
    // Pairs: p/0 (0.425, 0.6667), p/1 (0.7, 0.75), q/0 (1, 1). Repeat means over users:
    // Proc r0 (0.425 + 1) / 2 = 0.7125, r1 0.7; Comp r0 (0.6667 + 1) / 2 = 0.8333, r1 0.75.
    expect(summary.overall).toEqual({
      proc_mean: 0.7083,
      proc_std: 0.0088,
      comp_mean: 0.8056,
      comp_std: 0.0589,
      pairs: 3,
    });
    // One repeat: no std (π-Bench shows none), not 0.
    expect(summary.users.q).toMatchObject({
      repeats: 1,
      proc_mean: 1,
      proc_std: null,
      comp_mean: 1,
      comp_std: null,
    });
    const single = pibenchSummary([run('q/X', 0, ['completed'], { C1: true })], lookup);
    expect(single.overall).toMatchObject({ proc_std: null, comp_std: null, pairs: 1 });
  });

  it('spreads the average over runs, not over users, as the paper’s Table 1 does', () => {
    // The paper's GPT-5.4 row: Average Proc 67.0 ± 2.1 while its users range from 46.0 to
    // 78.2, so the ± is the run-to-run spread of the average, not the spread of (user, run) pairs.
    const balanced = pibenchSummary([...runs, run('q/X', 1, ['provided'], { C1: false })], lookup);
    // Pairs Proc: p 0.425, 0.7; q 1, 0. Repeat means: r0 0.7125, r1 0.35: std 0.3625 / √2.
    // Comp: p 0.6667, 0.75; q 1, 0. Repeat means: r0 0.8333, r1 0.375: std 0.4583 / √2.
    // (Over the four pairs the stds would be 0.4249 and 0.4270.)
    expect(balanced.overall).toEqual({
      proc_mean: 0.5313,
      proc_std: 0.2563,
      comp_mean: 0.6042,
      comp_std: 0.3241,
      pairs: 4,
    });
  });

  it('counts superseded intents nowhere, as a session’s Proc does', () => {
    // A time scenario's intention shift: I2 superseded by I3. 1 credited of 2 counted intents,
    // the session's own Proc; counting the superseded one too would give 1 / 3.
    const s = pibenchSummary(
      [run('q/X', 0, ['completed', 'superseded', 'provided'], { C1: true })],
      (id) => (id === 'q/X' ? { ...scenarios['q/X']!, intents: ids(3) } : undefined),
    );
    expect(s.tasks[0]).toMatchObject({ intents: 2, covered: 1, proc_independent: 0.5, proc: 0.5 });
    expect(s.users.q!.proc_mean).toBe(0.5);
  });

  it('pools and weighs without a dependency that did not run, and says so', () => {
    // As π-Bench evaluating a subset of tasks: the missing dependency leaves both the pool and the group.
    const s = pibenchSummary(
      [run('p/B', 0, ['completed', 'provided', 'provided'], { C1: true })],
      lookup,
    );
    expect(s.tasks[0]).toMatchObject({ proc: 0.3333, pooled: ['p/B'], weight: 1 });
    expect(s.warnings).toEqual([
      'p/B (repeat 0): dependency p/A did not run; Proc is pooled without it',
    ]);
  });

  it('counts transitive dependencies in the group size', () => {
    const chain: Record<string, PibenchScenarioInfo> = {
      a: { id: 'a', intents: ids(1), dependsOn: [] },
      b: { id: 'b', intents: ids(1), dependsOn: ['a'] },
      c: { id: 'c', intents: ids(1), dependsOn: ['b', 'a'] },
    };
    expect(dependencyGroup('c', (id) => chain[id])).toEqual(['c', 'b', 'a']);
    // Only through dependencies that ran: a is still reached directly from c.
    expect(
      dependencyGroup(
        'c',
        (id) => chain[id],
        (id) => id !== 'b',
      ),
    ).toEqual(['c', 'a']);
    expect(
      dependencyGroup(
        'b',
        (id) => chain[id],
        (id) => id !== 'a',
      ),
    ).toEqual(['b']);
  });
});
