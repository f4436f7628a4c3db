/** Counterbalancing: balanced Latin squares (Williams), seeded assignment, within and between. */
import { describe, expect, it } from 'vitest';
import { assignSessions, balancedLatinRow, squareRows } from '../../src/study/design.ts';

/** Every condition at every position equally often, and every ordered pair adjacent equally often. */
function checkBalanced(n: number): void {
  const rows = Array.from({ length: squareRows(n) }, (_, r) => balancedLatinRow(n, r));
  for (const row of rows) expect([...row].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
  const perPosition = rows.length / n;
  for (let pos = 0; pos < n; pos++) for (let c = 0; c < n; c++) expect(rows.filter((r) => r[pos] === c)).toHaveLength(perPosition);
  const pairs = new Map<string, number>();
  for (const r of rows) for (let i = 0; i + 1 < n; i++) pairs.set(`${r[i]}>${r[i + 1]}`, (pairs.get(`${r[i]}>${r[i + 1]}`) ?? 0) + 1);
  expect(pairs.size).toBe(n * (n - 1));
  expect(new Set(pairs.values()).size).toBe(1);
}

describe('balanced Latin square', () => {
  it.each([2, 3, 4, 5, 6, 7])('n = %i is balanced for position and for carry-over', (n) => checkBalanced(n));

  it('matches the textbook Williams square for 4 conditions (A B D C / B C A D / C D B A / D A C B)', () => {
    expect(
      [0, 1, 2, 3].map((r) =>
        balancedLatinRow(4, r)
          .map((i) => 'ABCD'[i])
          .join(''),
      ),
    ).toEqual(['ABDC', 'BCAD', 'CDBA', 'DACB']);
  });
});

describe('assignSessions', () => {
  const study = {
    conditions: { proactive: {} as never, reactive: {} as never, model: {} as never },
    scenarios: ['s1', 's2', 's3'],
    design: { type: 'within' as const, seed: 3 },
  };

  it('within: each participant meets every condition once, scenarios in the listed order; one block balances the order', () => {
    const block = Array.from({ length: 6 }, (_, p) => assignSessions(study, p));
    for (const sessions of block) {
      expect(sessions.map((s) => s.scenario)).toEqual(['s1', 's2', 's3']);
      expect(new Set(sessions.map((s) => s.condition)).size).toBe(3);
    }
    for (let pos = 0; pos < 3; pos++)
      for (const c of ['proactive', 'reactive', 'model']) expect(block.filter((s) => s[pos]!.condition === c)).toHaveLength(2);
    expect(assignSessions(study, 6)).toEqual(assignSessions(study, 0));
  });

  it('the same seed gives the same plan, another seed may move the labels', () => {
    expect(assignSessions(study, 1)).toEqual(assignSessions(study, 1));
    const seeds = Array.from({ length: 10 }, (_, seed) =>
      assignSessions({ ...study, design: { type: 'within', seed } }, 0)
        .map((s) => s.condition)
        .join(),
    );
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('between: one condition per participant in turn, every scenario, orders counterbalanced', () => {
    const between = { ...study, design: { type: 'between' as const, seed: 0 } };
    const plans = Array.from({ length: 6 }, (_, p) => assignSessions(between, p));
    for (const sessions of plans) {
      expect(new Set(sessions.map((s) => s.condition)).size).toBe(1);
      expect([...sessions.map((s) => s.scenario)].sort()).toEqual(['s1', 's2', 's3']);
    }
    expect(new Set(plans.slice(0, 3).map((s) => s[0]!.condition)).size).toBe(3);
  });
});
