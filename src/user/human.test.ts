import { describe, expect, it } from 'vitest';
import { saysIntent } from './human.ts';

describe('a person’s own words', () => {
  it('provide an intent when they hold its reveal text, whatever the case and punctuation, or match a said pattern', () => {
    const intent = { text: 'Budget is 600 RMB.', reveal: 'Keep it under 600 RMB.' };
    expect(saysIntent('Oh, and please keep it UNDER 600 rmb!', intent)).toBe(true);
    expect(saysIntent('keep it under 6000 RMB', intent)).toBe(false);
    expect(saysIntent('Something cheap, maybe 600 max?', intent)).toBe(false);
    expect(
      saysIntent('Something cheap, maybe 600 max?', { ...intent, said: ['(?i)\\b600\\b.*(max|budget)|(max|budget).*\\b600\\b'] }),
    ).toBe(true);
  });
});
