import { describe, expect, it } from 'vitest';
import { creditedIntents } from '../judge/credit.ts';

describe('a person’s own words', () => {
  const intent = { id: 'I1', text: 'Budget is 600 RMB.', reveal: 'Keep it under 600 RMB.' };
  it('provide an intent when they hold its reveal text, state it in other words, or match a said pattern', () => {
    expect(creditedIntents('Oh, and please keep it UNDER 600 rmb!', [intent])).toEqual(['I1']);
    expect(creditedIntents('My budget is 600 RMB at most.', [intent])).toEqual(['I1']);
    expect(creditedIntents('keep it under 6000 RMB', [intent])).toEqual([]);
    expect(creditedIntents('Something cheap, maybe 600 max?', [intent])).toEqual([]);
    expect(creditedIntents('I have 600 photos to sort.', [intent])).toEqual([]);
    expect(
      creditedIntents('Something cheap, maybe 600 max?', [
        { ...intent, said: ['(?i)\\b600\\b.*(max|budget)|(max|budget).*\\b600\\b'] },
      ]),
    ).toEqual(['I1']);
  });

  it('a sentence that states no intent credits none', () => {
    for (const s of [
      'Thanks, that looks good.',
      'ok go on',
      'pretty good, could you also check the price?',
    ])
      expect(creditedIntents(s, [intent])).toEqual([]);
  });
});
