/** Counterbalancing: balanced Latin squares (Williams), seeded assignment, within and between. */
import { describe, expect, it } from 'vitest';
import { assignSessions, balancedLatinRow, blockSize, squareRows } from '../../src/study/design.ts';

/** Every condition at every position equally often, and every ordered pair adjacent equally often. */
function checkBalanced(n: number): void {
  const rows = Array.from({ length: squareRows(n) }, (_, r) => balancedLatinRow(n, r));
  for (const row of rows) expect([...row].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
  const perPosition = rows.length / n;
  for (let pos = 0; pos < n; pos++)
    for (let c = 0; c < n; c++) expect(rows.filter((r) => r[pos] === c)).toHaveLength(perPosition);
  const pairs = new Map<string, number>();
  for (const r of rows)
    for (let i = 0; i + 1 < n; i++)
      pairs.set(`${r[i]}>${r[i + 1]}`, (pairs.get(`${r[i]}>${r[i + 1]}`) ?? 0) + 1);
  expect(pairs.size).toBe(n * (n - 1));
  expect(new Set(pairs.values()).size).toBe(1);
}

describe('balanced Latin square', () => {
  it.each([2, 3, 4, 5, 6, 7])('n = %i is balanced for position and for carry-over', (n) =>
    checkBalanced(n),
  );

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
      for (const c of ['proactive', 'reactive', 'model'])
        expect(block.filter((s) => s[pos]!.condition === c)).toHaveLength(2);
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

describe('counterbalanced scenario order and randomised assignment', () => {
  const study = {
    conditions: { proactive: {} as never, reactive: {} as never },
    scenarios: ['s1', 's2', 's3'],
    design: { type: 'within' as const, seed: 3, scenario_order: 'counterbalanced' as const },
  };

  it('within, counterbalanced: over a block each scenario takes each position, and each condition each position, equally often', () => {
    const size = blockSize(study);
    expect(size).toBe(2 * 6);
    const block = Array.from({ length: size }, (_, p) => assignSessions(study, p));
    for (const sessions of block)
      expect([...sessions.map((s) => s.scenario)].sort()).toEqual(['s1', 's2', 's3']);
    for (let pos = 0; pos < 3; pos++) {
      for (const sc of study.scenarios)
        expect(block.filter((s) => s[pos]!.scenario === sc)).toHaveLength(size / 3);
      for (const c of ['proactive', 'reactive'])
        expect(block.filter((s) => s[pos]!.condition === c).length).toBeGreaterThan(0);
    }
    // Each scenario meets each condition: task is not confounded with condition either.
    for (const sc of study.scenarios)
      for (const c of ['proactive', 'reactive'])
        expect(
          block.flat().filter((s) => s.scenario === sc && s.condition === c).length,
        ).toBeGreaterThan(0);
    // The listed order stays the default.
    const fixed = { ...study, design: { type: 'within' as const, seed: 3 } };
    for (let p = 0; p < 4; p++)
      expect(assignSessions(fixed, p).map((s) => s.scenario)).toEqual(['s1', 's2', 's3']);
  });

  it('between, random: each block of participants takes every condition once, in a seeded order that varies between blocks', () => {
    const between = {
      ...study,
      conditions: { a: {} as never, b: {} as never, c: {} as never },
      design: { type: 'between' as const, seed: 5, assignment: 'random' as const },
    };
    const firsts = Array.from({ length: 30 }, (_, p) => assignSessions(between, p)[0]!.condition);
    for (let b = 0; b < 10; b++)
      expect([...firsts.slice(b * 3, b * 3 + 3)].sort()).toEqual(['a', 'b', 'c']);
    const orders = new Set(
      Array.from({ length: 10 }, (_, b) => firsts.slice(b * 3, b * 3 + 3).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(Array.from({ length: 30 }, (_, p) => assignSessions(between, p)[0]!.condition)).toEqual(
      firsts,
    );
    const other = Array.from(
      { length: 30 },
      (_, p) =>
        assignSessions({ ...between, design: { ...between.design, seed: 6 } }, p)[0]!.condition,
    );
    expect(other).not.toEqual(firsts);
  });
});
