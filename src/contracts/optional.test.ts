import { describe, expect, it } from 'vitest';
import { given } from './optional.ts';

describe('given', () => {
  it('keeps the set fields in their order and leaves out what a truthiness spread leaves out', () => {
    const fields = given({
      at: '09:00',
      source: undefined,
      note: '',
      count: 0,
      off: false,
      tags: ['x'],
      none: null,
    });
    expect(fields).toEqual({ at: '09:00', tags: ['x'] });
    expect(Object.keys({ turn: 1, ...fields })).toEqual(['turn', 'at', 'tags']);
  });
});
