/**
 * A `/` filter over a list: `/` starts it, typed text narrows the list as it grows, backspace
 * takes a letter back, esc clears it; arrows, page keys and enter keep working on the list.
 */
import { useState } from 'react';
import { PRIORITY, useKeyActions } from './keypress.tsx';

const PASS_THROUGH = new Set([
  'up',
  'down',
  'pageup',
  'pagedown',
  'return',
  'tab',
  'shift+tab',
  'left',
  'right',
]);

export interface ListFilter {
  /** True while the person types a filter. */
  typing: boolean;
  text: string;
  start(): void;
  /** Whether a line of text matches the filter (every word, ignoring case). */
  matches(haystack: string): boolean;
}

/** `initial`: a filter kept from before (coming back to the list finds it as it was left). */
export function useListFilter(enabled: boolean, initial = ''): ListFilter {
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState(initial);
  useKeyActions(
    [],
    {},
    {
      active: enabled && typing,
      priority: PRIORITY.input,
      onOtherKey: (press) => {
        if (PASS_THROUGH.has(press.name)) return false;
        if (press.name === 'escape') {
          setTyping(false);
          setText('');
        } else if (press.name === 'backspace' || press.name === 'delete')
          setText((t) => t.slice(0, -1));
        else if (press.input && !press.key.ctrl && !press.key.meta) setText((t) => t + press.input);
        return true;
      },
    },
  );
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return {
    typing,
    text,
    start: () => setTyping(true),
    matches: (haystack) => {
      const h = haystack.toLowerCase();
      return words.every((w) => h.includes(w));
    },
  };
}
