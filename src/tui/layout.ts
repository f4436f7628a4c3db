/**
 * Where the panes go for a terminal size: all side by side from WIDE_COLUMNS (four, five with
 * the Timeline of a time scenario or the Phone of a proposal scenario; shares of the width from
 * the pane table, panes.ts), the main pane beside one tabbed pane from MEDIUM_COLUMNS, one
 * tabbed pane below that.
 * The frame stays one row short of the terminal: a frame as tall as the terminal makes
 * Ink clear the whole screen on every update (flicker).
 */
import type { PaneWant } from './pane-widths.ts';
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

/** The main pane's share of the width in the medium layout, unless the pane beside it needs more. */
const MEDIUM_MAIN_SHARE = 0.55;
/** The least of the width the main pane keeps in the medium layout. */
const MEDIUM_MAIN_LEAST = 0.45;
/** The least of the width the main pane keeps in the wide layout (it wraps, so it reads at any width). */
const WIDE_MAIN_LEAST = 0.25;
/** The most of the width one side pane may claim for its lines in the wide layout. */
const WIDE_SIDE_MOST = 0.34;
/** The narrowest a pane gets in the wide layout. */
const PANE_LEAST = 18;

type Wants = Readonly<Partial<Record<PaneId, PaneWant>>>;

/**
 * @param chrome rows taken by everything that is not a pane (status bar, input box, timeline, notices)
 * @param focus the focused pane; @param side the right-hand pane shown in the medium layout
 * @param panes the panes the session shows, in display order (panesShown); the first is the main one
 * @param wants the columns each side pane needs to show its lines uncut, and would like (pane-widths.ts)
 */
export function computeLayout(
  columns: number,
  rows: number,
  chrome: number,
  focus: PaneId,
  side: PaneId,
  panes: readonly Pick<Pane, 'id' | 'width'>[],
  wants: Wants = {},
): Layout {
  const height = rows - 1;
  const paneHeight = Math.max(4, height - chrome);
  const main = panes[0]!.id;
  if (columns >= WIDE_COLUMNS) {
    const widths = wideWidths(columns, panes, wants);
    return {
      kind: 'wide',
      panes: panes.map((p, i) => ({ id: p.id, box: { width: widths[i]!, height: paneHeight } })),
      tabs: [],
      height,
    };
  }
  if (columns >= MEDIUM_COLUMNS) {
    const right = focus === main ? side : focus;
    // The pane beside the main one widens for what it holds, down to the main pane's least.
    const rightWidth = Math.min(
      Math.max(columns - Math.floor(columns * MEDIUM_MAIN_SHARE), wants[right]?.want ?? 0),
      columns - Math.ceil(columns * MEDIUM_MAIN_LEAST),
    );
    return {
      kind: 'medium',
      panes: [
        { id: main, box: { width: columns - rightWidth, height: paneHeight } },
        { id: right, box: { width: rightWidth, height: paneHeight - 1 } },
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

/**
 * The wide layout's widths, by what the panes hold. Each pane gets its share of the width (the
 * pane table) at a common level, kept between two bounds: when every pane's `want` fits, at
 * least that (the main pane's want is its share); else, when every `need` fits, between need
 * and want; else between the least width and need, so the panes that need little keep it and
 * the others divide the rest by their shares. A side pane claims at most a third of the width,
 * the main pane keeps at least a quarter.
 */
export function wideWidths(
  columns: number,
  panes: readonly Pick<Pane, 'id' | 'width'>[],
  wants: Wants,
): number[] {
  const n = panes.length;
  const shares = panes.map((p) => p.width[n] ?? 1 / n);
  const most = Math.floor(columns * WIDE_SIDE_MOST);
  const asks = panes.map((p, i): PaneWant => {
    if (i === 0)
      return {
        need: Math.floor(columns * WIDE_MAIN_LEAST),
        want: Math.floor(columns * shares[0]!),
      };
    const need = Math.min(Math.max(wants[p.id]?.need ?? 0, PANE_LEAST), most);
    return { need, want: Math.min(Math.max(wants[p.id]?.want ?? 0, need), most) };
  });
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const bounds = (): [number[], number[]] => {
    const needs = asks.map((a) => a.need);
    const likes = asks.map((a) => a.want);
    if (sum(likes) <= columns) return [likes, likes.map(() => columns)];
    if (sum(needs) <= columns) return [needs, likes];
    return [needs.map(() => PANE_LEAST), needs];
  };
  const [low, high] = bounds();
  const at = (level: number) =>
    shares.map((share, i) => Math.min(high[i]!, Math.max(low[i]!, level * share)));
  // The level that fills the width, by bisection (the total grows with the level).
  let [below, above] = [0, columns / Math.min(...shares)];
  for (let k = 0; k < 40; k++) {
    const mid = (below + above) / 2;
    if (sum(at(mid)) > columns) above = mid;
    else below = mid;
  }
  const widths = at(below).map((w) => Math.floor(w + 1e-6));
  // Columns lost to rounding go to the last pane.
  widths[n - 1]! += columns - sum(widths);
  return widths;
}
