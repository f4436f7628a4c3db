/**
 * Scroll state of a bounded list: a selected row and the window of rows shown. The
 * window follows the selection; with `follow` on, the selection sticks to the last row
 * as rows arrive (the conversation's tail), until the person moves up.
 */
import { useState } from 'react';

export interface ListCursor {
  selected: number;
  following: boolean;
  up(n?: number): void;
  down(n?: number): void;
  top(): void;
  bottom(): void;
  set(i: number): void;
}

export function useListCursor(
  count: number,
  opts: { follow?: boolean; initial?: number } = {},
): ListCursor {
  const [state, setState] = useState({
    selected: opts.initial ?? 0,
    following: Boolean(opts.follow),
  });
  const last = Math.max(0, count - 1);
  const selected = state.following ? last : Math.min(state.selected, last);
  const move = (to: number) => {
    const clamped = Math.max(0, Math.min(last, to));
    setState({ selected: clamped, following: Boolean(opts.follow) && clamped >= last });
  };
  return {
    selected,
    following: state.following,
    up: (n = 1) => move(selected - n),
    down: (n = 1) => move(selected + n),
    top: () => move(0),
    bottom: () => setState({ selected: last, following: Boolean(opts.follow) }),
    set: move,
  };
}

/** The first row of a `height`-row window that keeps rows [from, to) in view, moving as little as possible from `prevTop`. */
export function windowTop(
  from: number,
  to: number,
  total: number,
  height: number,
  prevTop: number,
): number {
  const maxTop = Math.max(0, total - height);
  let top = Math.min(prevTop, maxTop);
  if (to - from >= height)
    top = from; // taller than the window: show its start
  else if (from < top) top = from;
  else if (to > top + height) top = to - height;
  return Math.max(0, Math.min(maxTop, top));
}
