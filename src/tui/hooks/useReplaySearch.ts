/**
 * Replay's `/` search: typed words narrow the recording to the turns whose conversation holds
 * them, and the screen goes to the first at or after the turn on screen; enter or ↓ goes on to
 * the next, ↑ back to the one before; esc clears. While the search is open every letter is
 * part of the words; ←/→, home and end still move through the turns.
 */
import { useRef, useState } from 'react';
import { useController } from '../context.tsx';
import { nextMatch } from '../replay-search.ts';
import { PRIORITY, useKeyActions } from './keypress.tsx';

export interface ReplaySearch {
  /** The search line shows (from `/` until esc). */
  open: boolean;
  query: string;
  /** The turns holding the query, ascending. */
  matches: number[];
}

/** `enabled`: no dialog covers the screen. */
export function useReplaySearch(enabled: boolean): ReplaySearch {
  const controller = useController();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = controller.searchTurns?.bind(controller);
  const matches = open && search ? search(query) : [];
  const go = (to: number | undefined) => {
    if (to !== undefined) controller.goToTurn?.(to);
  };
  const turnNow = () => controller.control.getState().replay?.turn ?? 0;
  // The words and where `/` was pressed, kept in refs: two keys may come before the next render.
  const words = useRef('');
  const from = useRef(0);
  // New words: the first turn at or after where the search started that holds them (as the
  // words grow the search starts there again, not where the shorter words had led).
  const change = (next: string) => {
    words.current = next;
    setQuery(next);
    if (next && search) go(nextMatch(search(next), from.current - 1, 1));
  };
  // enter, ↓ or ↑: the next (previous) turn holding the words; more words search on from there.
  const step = (dir: 1 | -1) => {
    const to = search ? nextMatch(search(words.current), turnNow(), dir) : undefined;
    if (to === undefined) return;
    from.current = to;
    go(to);
  };
  useKeyActions(
    ['replay'],
    {
      search: () => {
        from.current = turnNow();
        setOpen(true);
      },
    },
    { active: enabled && Boolean(search) && !open, priority: PRIORITY.screen },
  );
  useKeyActions(
    ['search'],
    {
      searchNext: () => step(1),
      searchPrev: () => step(-1),
      close: () => {
        setOpen(false);
        change('');
      },
    },
    {
      active: enabled && open,
      priority: PRIORITY.input,
      onOtherKey: (press) => {
        if (press.name === 'backspace' || press.name === 'delete')
          change(words.current.slice(0, -1));
        // Typed (or pasted) text is part of the words; the rest (←/→, home, end, ctrl+c) act.
        else if (press.name === 'space' || (press.name === press.input && !press.key.ctrl))
          change(words.current + press.input);
        else return false;
        return true;
      },
    },
  );
  return { open, query, matches };
}
