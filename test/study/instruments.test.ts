/** SUS and raw NASA-TLX scored against worked values. */
import { describe, expect, it } from 'vitest';
import { rawTlx, susScore, SUS_ITEMS, TLX_SUBSCALES } from '../../src/study/instruments.ts';

describe('SUS (Brooke 1996)', () => {
  it('all 3s (neutral) score 50', () => expect(susScore(Array(10).fill(3))).toBe(50));
  it('odd items 5 and even items 1 (the best answers) score 100', () =>
    expect(susScore([5, 1, 5, 1, 5, 1, 5, 1, 5, 1])).toBe(100));
  it('odd items 1 and even items 5 (the worst) score 0', () =>
    expect(susScore([1, 5, 1, 5, 1, 5, 1, 5, 1, 5])).toBe(0));
  // Brooke's own worked example sheet: contributions 3,3,3,3,2,1,3,1,3,3 → 25 × 2.5 = 62.5.
  it("Brooke's sample sheet scores 62.5", () =>
    expect(susScore([4, 2, 4, 2, 3, 4, 4, 4, 4, 2])).toBe(62.5));
  it('is null with an item missing or out of range', () => {
    expect(susScore([5, 1, 5, 1, 5, 1, 5, 1, 5])).toBeNull();
    expect(susScore([5, 1, 5, 1, 5, 1, 5, 1, 5, 6])).toBeNull();
    expect(susScore([5, 1, 5, 1, 5, 1, 5, 1, 5, null])).toBeNull();
  });
  it('has the ten standard items, odd ones positive', () => {
    expect(SUS_ITEMS).toHaveLength(10);
    expect(SUS_ITEMS[0]).toBe('I think that I would like to use this system frequently.');
    expect(SUS_ITEMS[9]).toBe(
      'I needed to learn a lot of things before I could get going with this system.',
    );
  });
});

describe('raw NASA-TLX', () => {
  it('is the unweighted mean of the six subscales', () => {
    expect(rawTlx([70, 10, 50, 30, 60, 40])).toBe(260 / 6);
    expect(rawTlx([0, 0, 0, 0, 0, 0])).toBe(0);
    expect(rawTlx([100, 100, 100, 100, 100, 100])).toBe(100);
  });
  it('is null with a subscale missing or out of range', () => {
    expect(rawTlx([70, 10, 50, 30, 60])).toBeNull();
    expect(rawTlx([70, 10, 50, 30, 60, 105])).toBeNull();
  });
  it('has the six subscales, performance anchored Perfect to Failure', () => {
    expect(TLX_SUBSCALES.map((s) => s.id)).toEqual([
      'mental',
      'physical',
      'temporal',
      'performance',
      'effort',
      'frustration',
    ]);
    expect(TLX_SUBSCALES[3]!.anchors).toEqual(['Perfect', 'Failure']);
  });
});
