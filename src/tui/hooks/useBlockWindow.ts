/**
 * A scrolled window over a list of blocks (an item = a few lines): which lines are
 * visible given the selected block, with a gutter mark on the selected block's lines.
 * `following` pins the window to the end (the newest lines) instead.
 */
import type { ListCursor } from './useListCursor.ts';
import { useMemo, useRef } from 'react';
import type { Line } from '../../text/text.ts';
import { windowTop } from './useListCursor.ts';

export interface BlockWindow {
  /** The visible lines, each starting with a one-column gutter. */
  visible: Line[];
  /** First line of each block. */
  starts: number[];
  total: number;
  top: number;
  /** `12/80 ↓` when the content is taller than the window. */
  info: string;
}

const NO_LINES: readonly Line[] = [];

// A line with its gutter is the same object from frame to frame, so the line's memoised
// view is not drawn again while text streams in below it.
const gutters = new WeakMap<Line, Map<string, Line>>();
function withGutter(line: Line, mark: string, color: string | undefined): Line {
  let variants = gutters.get(line);
  if (!variants) gutters.set(line, (variants = new Map()));
  const key = `${mark}|${color ?? ''}`;
  let out = variants.get(key);
  if (!out) variants.set(key, (out = [{ text: mark, color }, ...line]));
  return out;
}

export function useBlockWindow(
  blocks: readonly (readonly Line[])[],
  selected: number,
  rows: number,
  opts: {
    following?: boolean;
    marked?: boolean;
    tail?: readonly Line[];
    gutterColor?: string | undefined;
  },
): BlockWindow {
  const { following = false, marked = true, tail, gutterColor } = opts;
  const doc = useMemo(() => {
    const starts: number[] = [];
    const lines: Line[] = [];
    for (const b of blocks) {
      starts.push(lines.length);
      for (const l of b) lines.push(l);
    }
    return { starts, lines };
  }, [blocks]);
  const tailLines = tail ?? NO_LINES;
  const total = doc.lines.length + tailLines.length;
  const topRef = useRef(0);
  const selStart = doc.starts[selected] ?? 0;
  const selEnd = doc.starts[selected + 1] ?? doc.lines.length;
  const top = following
    ? Math.max(0, total - rows)
    : windowTop(selStart, selEnd, total, rows, topRef.current);
  topRef.current = top;
  const visible = useMemo(() => {
    const out: Line[] = [];
    for (let at = top; at < Math.min(total, top + rows); at++) {
      const line = at < doc.lines.length ? doc.lines[at]! : tailLines[at - doc.lines.length]!;
      out.push(
        withGutter(
          line,
          marked && !following && at >= selStart && at < selEnd ? '▌' : ' ',
          gutterColor,
        ),
      );
    }
    return out;
  }, [doc, tailLines, total, top, rows, marked, following, selStart, selEnd, gutterColor]);
  const info =
    total > rows ? `${Math.min(total, top + rows)}/${total}${following ? ' ↓' : ''}` : '';
  return { visible, starts: doc.starts, total, top, info };
}

/** The block index about a page of lines away from `selected`. */
export function pageTarget(
  starts: readonly number[],
  selected: number,
  rows: number,
  dir: 1 | -1,
): number {
  const target = (starts[selected] ?? 0) + dir * rows;
  let i = starts.findLastIndex((start) => start <= target);
  if (dir > 0 && i <= selected) i = selected + 1;
  if (dir < 0 && i >= selected) i = selected - 1;
  return i;
}

/** The key actions every scrollable list shares: a row, a page, the ends. */
export function cursorActions(cursor: ListCursor, starts: readonly number[], rows: number) {
  return {
    up: () => cursor.up(),
    down: () => cursor.down(),
    pageUp: () => cursor.set(pageTarget(starts, cursor.selected, rows, -1)),
    pageDown: () => cursor.set(pageTarget(starts, cursor.selected, rows, 1)),
    top: () => cursor.top(),
    bottom: () => cursor.bottom(),
  };
}
