import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  fitLine,
  lineWidth,
  plainText,
  sanitize,
  sliceLine,
  truncate,
  width,
  wrap,
  wrapWithPrefix,
} from './text.ts';

describe('text for a cell grid', () => {
  it('wraps at word boundaries, breaks words longer than a line, keeps blank lines', () => {
    expect(wrap('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrap('abcdefghijkl xy', 5)).toEqual(['abcde', 'fghij', 'kl xy']);
    expect(wrap('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
    for (const line of wrap('a'.repeat(7) + ' ' + 'b '.repeat(20), 6))
      expect(line.length).toBeLessThanOrEqual(6);
  });

  it('measures and cuts wide characters by columns', () => {
    expect(width('会议')).toBe(4);
    expect(truncate('会议纪要很长', 5)).toBe('会议…');
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a longer line', 6)).toBe('a lon…');
    for (const line of wrap('会议纪要会议纪要会议纪要', 7))
      expect(width(line)).toBeLessThanOrEqual(7);
    // Non-ASCII text wraps like ASCII: no line starts with the space it broke at, indentation stays.
    expect(wrap("Fit a Nelson–Siegel model, the team's standard.", 37)).toEqual([
      "Fit a Nelson–Siegel model, the team's",
      'standard.',
    ]);
    expect(wrap('  - a list item – that runs past the width', 20)).toEqual([
      '  - a list item –',
      'that runs past the',
      'width',
    ]);
  });

  it('measures every character as string-width does (as Ink lays it out), symbols and CJK on the fast path', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      if (width(ch) !== stringWidth(ch)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
    for (const text of [
      '✔ done · ↩ 2 ○ 1 … ──',
      '宽字符 mixed ASCII',
      'e\u0301 combining',
      '🧪 emoji 👩‍💻 zwj',
      '한국어 hangul',
      'ｶﾞ halfwidth',
      '\u0000ctrl',
      '1\uFE0F\u20E3 keycap',
    ]) {
      expect(width(text), text).toBe(stringWidth(text));
    }
  });

  it('strips escapes and control characters from untrusted text', () => {
    expect(sanitize('\u001B[31mred\u001B[0m\tx\r\ny\u0007')).toBe('red  x\ny');
  });

  it('indents continuation lines under the text after a prefix', () => {
    const lines = wrapWithPrefix([{ text: 'user  ' }], 'one two three four', 14);
    expect(lines.map(plainText)).toEqual(['user  one two', '      three', '      four']);
    expect(plainText(fitLine([{ text: 'abc' }, { text: 'defgh' }], 6))).toBe('abcde…');
  });

  it('shows a window of a long line for scrolling sideways, marking the cut sides, never wider than the window', () => {
    const line = [{ text: '+abc ' }, { text: 'defghij', bold: true }];
    expect(plainText(sliceLine(line, 0, 20))).toBe('+abc defghij');
    expect(plainText(sliceLine(line, 0, 6))).toBe('+abc ›');
    expect(plainText(sliceLine(line, 3, 6))).toBe('‹ def›');
    expect(plainText(sliceLine(line, 6, 6))).toBe('‹fghij');
    expect(sliceLine(line, 3, 6)[2]).toMatchObject({ text: 'def', bold: true });
    // A wide character cut by the window's edge leaves a blank, and the width stays exact.
    for (let from = 0; from < 8; from++)
      expect(lineWidth(sliceLine([{ text: 'a宽字符b宽字符c' }], from, 7)), String(from)).toBe(7);
  });
});
