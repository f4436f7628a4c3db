/**
 * The statistics against worked examples with published values, so the formulas are checked
 * against the literature rather than against our own numbers.
 */
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/agreement/bootstrap.ts';
import {
  accuracy,
  cohenKappa,
  confusion,
  fleissKappa,
  krippendorffAlpha,
  majority,
  percentAgreement,
  type Unit,
} from '../../src/agreement/stats.ts';

/** Units from a table of category counts per subject (Fleiss's layout). */
function fromCounts(rows: number[][]): Unit[] {
  return rows.map((row, i) => ({
    id: `s${i + 1}`,
    labels: row.flatMap((c, j) => Array<string>(c).fill(`c${j + 1}`)),
  }));
}

/** Units from an observers × units matrix with '.' for a missing value (Krippendorff's layout). */
function fromMatrix(rows: string[]): Unit[] {
  const cells = rows.map((r) => r.split(' '));
  return cells[0]!.map((_, u) => ({
    id: `u${u + 1}`,
    labels: cells.map((r) => r[u]!).filter((v) => v !== '.'),
  }));
}

/** Rater pairs from a 2×2 table [[yes-yes, yes-no], [no-yes, no-no]]. */
function fromTable([[a, b], [c, d]]: [[number, number], [number, number]]): [string, string][] {
  const rep = (n: number, p: [string, string]) => Array.from({ length: n }, () => p);
  return [
    ...rep(a, ['yes', 'yes']),
    ...rep(b, ['yes', 'no']),
    ...rep(c, ['no', 'yes']),
    ...rep(d, ['no', 'no']),
  ];
}

describe("Cohen's κ", () => {
  it('gives 0.4 on the textbook 2×2 example (20 yes-yes, 5 yes-no, 10 no-yes, 15 no-no: pₒ 0.7, pₑ 0.5)', () => {
    const pairs = fromTable([
      [20, 5],
      [10, 15],
    ]);
    expect(accuracy(pairs)).toBeCloseTo(0.7, 10);
    expect(cohenKappa(pairs)).toBeCloseTo(0.4, 10);
  });

  it('gives 0.1304 and 0.2593 on the two tables with the same 60% agreement (Wikipedia, "Cohen\'s kappa")', () => {
    expect(
      cohenKappa(
        fromTable([
          [45, 15],
          [25, 15],
        ]),
      ),
    ).toBeCloseTo(0.1304, 4);
    expect(
      cohenKappa(
        fromTable([
          [25, 35],
          [5, 35],
        ]),
      ),
    ).toBeCloseTo(0.2593, 4);
  });

  it('is undefined when both raters use one label throughout, and 1 for perfect agreement', () => {
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toBeNull();
    expect(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]),
    ).toBe(1);
    expect(cohenKappa([])).toBeNull();
  });
});

describe("Fleiss' κ", () => {
  // Fleiss (1971) as worked on Wikipedia: 10 subjects, 14 raters, 5 categories.
  const FLEISS = fromCounts([
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ]);

  it('gives P̄ 0.378 and κ 0.210 on the 10-subject, 14-rater, 5-category example', () => {
    expect(percentAgreement(FLEISS)).toBeCloseTo(0.378, 3);
    expect(fleissKappa(FLEISS)).toBeCloseTo(0.21, 3);
  });

  it("equals Scott's π for two raters, close to Cohen's κ when the raters' shares match", () => {
    const units = fromTable([
      [20, 5],
      [5, 20],
    ]).map(([a, b], i) => ({ id: String(i), labels: [a, b] }));
    expect(fleissKappa(units)).toBeCloseTo(0.6, 10);
    expect(
      cohenKappa(
        fromTable([
          [20, 5],
          [5, 20],
        ]),
      ),
    ).toBeCloseTo(0.6, 10);
  });
});

describe("Krippendorff's α (nominal)", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers,
  // 12 units, missing values; unit 12 has one value and drops out.
  const KRIPP = fromMatrix([
    '1 2 3 3 2 1 4 1 2 . . .',
    '1 2 3 3 2 2 4 1 2 5 . 3',
    '. 3 3 3 2 3 4 2 2 5 1 .',
    '1 2 3 3 2 4 4 1 2 5 1 .',
  ]);

  it('gives 0.743 on the 4-observer, 12-unit example with missing data', () => {
    expect(krippendorffAlpha(KRIPP)).toBeCloseTo(0.743, 3);
  });

  it('is undefined when every value is the same, and ignores units rated once', () => {
    expect(krippendorffAlpha(fromMatrix(['a a', 'a a']))).toBeNull();
    expect(krippendorffAlpha([...KRIPP, { id: 'x', labels: ['9'] }])).toBeCloseTo(0.743, 3);
  });
});

describe('majority votes and confusion matrices', () => {
  it('takes the label most raters chose, and none on a tie', () => {
    expect(majority(['pass', 'fail', 'pass'])).toBe('pass');
    expect(majority(['pass', 'fail'])).toBeNull();
    expect(majority([])).toBeNull();
  });

  it('counts judge × human pairs in the order given, unknown labels after', () => {
    const c = confusion(
      [
        ['completed', 'completed'],
        ['provided', 'completed'],
        ['open', 'provided'],
      ],
      ['completed', 'inferred', 'provided'],
    );
    expect(c.labels).toEqual(['completed', 'provided', 'open']);
    expect(c.matrix).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ]);
  });
});

describe('the bootstrap interval', () => {
  const pairs = fromTable([
    [20, 5],
    [10, 15],
  ]);

  it('brackets the estimate, and the same seed gives the same interval', () => {
    const a = bootstrap(pairs, cohenKappa, { seed: 7 });
    const b = bootstrap(pairs, cohenKappa, { seed: 7 });
    const c = bootstrap(pairs, cohenKappa, { seed: 8 });
    expect(a).toEqual(b);
    expect(a.low).not.toEqual(c.low);
    expect(a.value).toBeCloseTo(0.4, 10);
    expect(a.low!).toBeLessThan(0.4);
    expect(a.high!).toBeGreaterThan(0.4);
    // κ's standard error here is about 0.13: the interval is roughly ±0.25 wide.
    expect(a.high! - a.low!).toBeGreaterThan(0.3);
    expect(a.high! - a.low!).toBeLessThan(0.7);
  });

  it('has no interval when the statistic is undefined', () => {
    expect(bootstrap([['a', 'a'] as const], cohenKappa, { seed: 1 })).toEqual({
      value: null,
      low: null,
      high: null,
      n: 1,
    });
  });
});
