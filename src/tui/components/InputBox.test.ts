import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { InputBox, visibleInput } from './InputBox.tsx';

const long = 'Start of a very long message that goes well past the width of the box, to the end';

describe('the one-line input box', () => {
  it('marks each side where text is out of sight, wherever the cursor is, and never covers the cursor', () => {
    const cols = 30;
    for (let cursor = 0; cursor <= long.length; cursor++) {
      const { text, at } = visibleInput(long, cursor, cols);
      expect(text.length).toBeLessThanOrEqual(cols);
      // What is shown, marks aside, is the text around the cursor.
      const start = cursor - at;
      const hiddenBefore = start > 0;
      const hiddenAfter = start + text.length < long.length;
      expect(text.startsWith('…'), `cursor ${cursor}: start mark`).toBe(hiddenBefore);
      expect(text.endsWith('…'), `cursor ${cursor}: end mark`).toBe(hiddenAfter);
      // The cursor's cell shows the character under it (or the blank after the text), not a mark.
      const under = text.slice(at, at + 1);
      expect(under, `cursor ${cursor}`).toBe(long.slice(cursor, cursor + 1));
    }
  });

  it('shows short text whole', () => {
    expect(visibleInput('hello', 2, 30)).toEqual({ text: 'hello', at: 2 });
  });

  it('says whole at 80 columns how a person who waits for time can go on (enter, ctrl+n)', () => {
    for (const width of [80, 120]) {
      const box = { role: 'user' as const, value: '', cursor: 0, focused: true, awaited: false };
      const r = render(createElement(InputBox, { ...box, waiting: true, width }));
      const frame = r.lastFrame() ?? '';
      r.unmount();
      expect(frame, `${width} columns`).toContain('enter sends now');
      expect(frame, `${width} columns`).toContain('ctrl+n lets the time pass');
    }
  });
});
