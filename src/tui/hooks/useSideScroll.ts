/**
 * Scrolling a pane's long lines sideways (left/right while it has the focus), so a diff line
 * wider than the pane can be read to its end. The offset resets when `resetKey` changes (another
 * file selected). Only a pane with a line wider than itself takes the keys.
 */
import { useMemo, useState } from 'react';
import { lineWidth, sliceLine, type Line, type Style } from '../../text/text.ts';

export interface SideScroll {
  lines: readonly Line[];
  /** The first column shown. */
  offset: number;
  /** Whether any line is wider than the pane. */
  wide: boolean;
  /** Key actions: present only when there is something to scroll. */
  actions: { scrollLeft?: () => void; scrollRight?: () => void };
}

export function useSideScroll(
  lines: readonly Line[],
  cols: number,
  resetKey: string,
  marker: Style = {},
): SideScroll {
  const [state, setState] = useState({ key: resetKey, offset: 0 });
  const widest = useMemo(() => lines.reduce((m, l) => Math.max(m, lineWidth(l)), 0), [lines]);
  const max = Math.max(0, widest - cols);
  const offset = state.key === resetKey ? Math.min(state.offset, max) : 0;
  const step = Math.max(4, Math.floor(cols / 3));
  const shown = useMemo(
    () => (max > 0 ? lines.map((l) => sliceLine(l, offset, cols, marker)) : lines),
    [lines, offset, cols, max, marker],
  );
  // Relative to the latest state, not this render's: two keys may arrive before the next render.
  const move = (by: number) =>
    setState((s) => ({
      key: resetKey,
      offset: Math.max(0, Math.min(max, (s.key === resetKey ? Math.min(s.offset, max) : 0) + by)),
    }));
  return {
    lines: shown,
    offset,
    wide: max > 0,
    actions: max > 0 ? { scrollLeft: () => move(-step), scrollRight: () => move(step) } : {},
  };
}
