import { describe, expect, it } from 'vitest';
import { compareNatural, compareText } from './order.ts';

describe('list order', () => {
  it('natural order: numbers by value, letters regardless of case, ties by code unit', () => {
    const ids = ['p/s10', 'p/zebra', 'p/Bob', 'p/s2', 'p/aarhus', 'p/tea', 'p/s02', 'p/bob'];
    expect(ids.sort(compareNatural)).toEqual([
      'p/aarhus',
      'p/Bob',
      'p/bob',
      'p/s02',
      'p/s2',
      'p/s10',
      'p/tea',
      'p/zebra',
    ]);
    // Piece by piece: the text before a number first ("a" before "a-"), then the number.
    expect(['a1', 'a', 'a-1', 'a10b', 'a9z'].sort(compareNatural)).toEqual([
      'a',
      'a1',
      'a9z',
      'a10b',
      'a-1',
    ]);
    // Digit runs longer than a safe integer still compare by value.
    expect(compareNatural('x99999999999999999999', 'x100000000000000000000')).toBeLessThan(0);
  });

  it('code-unit order for keys and timestamps', () => {
    expect(['b', 'B', 'a', '_', '-'].sort(compareText)).toEqual(['-', 'B', '_', 'a', 'b']);
    expect(compareText('2026-05-04T09:00', '2026-05-04T10:00')).toBeLessThan(0);
    expect(compareText('same', 'same')).toBe(0);
  });

  it('does not follow the locale: the same order with Danish rules as the default', () => {
    const ids = ['aarhus', 'tea', 'zebra'];
    const danish = [...ids].sort(new Intl.Collator('da').compare);
    expect(danish).toEqual(['tea', 'zebra', 'aarhus']); // what localeCompare did for a Dane
    expect([...ids].sort(compareNatural)).toEqual(ids);
  });
});
