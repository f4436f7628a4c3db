/**
 * Where the panes go for a terminal size: all side by side from WIDE_COLUMNS (four, five with
 * the Timeline of a time scenario or the Phone of a proposal scenario; shares of the width from
 * the pane table, panes.ts), the main pane beside one tabbed pane from MEDIUM_COLUMNS, one
 * tabbed pane below that.
 * The frame stays one row short of the terminal: a frame as tall as the terminal makes
 * Ink clear the whole screen on every update (flicker).
 */
import type { Pane, PaneId } from './panes.ts';

export const WIDE_COLUMNS = 160;
export const MEDIUM_COLUMNS = 110;
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;

export interface Box {
  width: number;
  height: number;
}

export interface Layout {
  kind: 'wide' | 'medium' | 'narrow';
  /** Panes shown, left to right, with their boxes. */
  panes: { id: PaneId; box: Box }[];
  /** Panes reached through a tab bar (medium: the right column; narrow: all). */
  tabs: PaneId[];
  /** Height of the whole frame. */
  height: number;
}

export function tooSmall(columns: number, rows: number): boolean {
  return columns < MIN_COLUMNS || rows < MIN_ROWS;
}

/** The main pane's share of the width in the medium layout. */
const MEDIUM_MAIN_SHARE = 0.55;

/**
 * @param chrome rows taken by everything that is not a pane (status bar, input box, timeline, notices)
 * @param focus the focused pane; @param side the right-hand pane shown in the medium layout
 * @param panes the panes the session shows, in display order (panesShown); the first is the main one
 */
export function computeLayout(
  columns: number,
  rows: number,
  chrome: number,
  focus: PaneId,
  side: PaneId,
  panes: readonly Pick<Pane, 'id' | 'width'>[],
): Layout {
  const height = rows - 1;
  const paneHeight = Math.max(4, height - chrome);
  const main = panes[0]!.id;
  if (columns >= WIDE_COLUMNS) {
    // Shares of the width, left to right; the last pane takes what is left.
    const n = panes.length;
    const widths = panes.slice(0, -1).map((p) => Math.floor(columns * (p.width[n] ?? 1 / n)));
    widths.push(columns - widths.reduce((a, b) => a + b, 0));
    return {
      kind: 'wide',
      panes: panes.map((p, i) => ({ id: p.id, box: { width: widths[i]!, height: paneHeight } })),
      tabs: [],
      height,
    };
  }
  if (columns >= MEDIUM_COLUMNS) {
    const left = Math.floor(columns * MEDIUM_MAIN_SHARE);
    const right = focus === main ? side : focus;
    return {
      kind: 'medium',
      panes: [
        { id: main, box: { width: left, height: paneHeight } },
        { id: right, box: { width: columns - left, height: paneHeight - 1 } },
      ],
      tabs: panes.filter((p) => p.id !== main).map((p) => p.id),
      height,
    };
  }
  return {
    kind: 'narrow',
    panes: [{ id: focus, box: { width: columns, height: paneHeight - 1 } }],
    tabs: panes.map((p) => p.id),
    height,
  };
}
