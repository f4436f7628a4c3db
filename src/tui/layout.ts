/**
 * Where the panes go for a terminal size: four side by side from WIDE_COLUMNS (five with the
 * Timeline of a time scenario or the Phone of a proposal scenario), the conversation beside one tabbed pane from MEDIUM_COLUMNS,
 * one tabbed pane below that.
 * The frame stays one row short of the terminal: a frame as tall as the terminal makes
 * Ink clear the whole screen on every update (flicker).
 */
export type PaneId = 'conversation' | 'intents' | 'checklist' | 'workspace' | 'timeline' | 'phone';
/** The pane a scenario's paradigm adds: the Timeline (time) or the Phone (proposals). */
export type ExtraPane = 'timeline' | 'phone' | undefined;
export const PANES: readonly PaneId[] = ['conversation', 'intents', 'checklist', 'workspace'];
export const PANE_TITLES: Record<PaneId, string> = { conversation: 'Conversation', intents: 'Hidden intents', checklist: 'Checklist', workspace: 'Workspace', timeline: 'Timeline', phone: 'Phone' };

/** The panes of a session: the four, plus the paradigm's own pane. */
export const panesFor = (extra: ExtraPane): readonly PaneId[] => (extra ? [...PANES, extra] : PANES);

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

/**
 * @param chrome rows taken by everything that is not a pane (status bar, input box, timeline, notices)
 * @param focus the focused pane; @param side the right-hand pane shown in the medium layout
 */
export function computeLayout(columns: number, rows: number, chrome: number, focus: PaneId, side: Exclude<PaneId, 'conversation'>, extra: ExtraPane = undefined): Layout {
  const height = rows - 1;
  const paneHeight = Math.max(4, height - chrome);
  if (columns >= WIDE_COLUMNS) {
    // Shares of the width, left to right; the last pane takes what is left.
    const shares = extra ? [0.3, 0.22, 0.15, 0.14] : [0.34, 0.26, 0.19];
    const ids = panesFor(extra);
    const widths = shares.map((f) => Math.floor(columns * f));
    widths.push(columns - widths.reduce((a, b) => a + b, 0));
    return { kind: 'wide', panes: ids.map((id, i) => ({ id, box: { width: widths[i]!, height: paneHeight } })), tabs: [], height };
  }
  if (columns >= MEDIUM_COLUMNS) {
    const conv = Math.floor(columns * 0.55);
    const right = focus === 'conversation' ? side : focus;
    return {
      kind: 'medium',
      panes: [
        { id: 'conversation', box: { width: conv, height: paneHeight } },
        { id: right, box: { width: columns - conv, height: paneHeight - 1 } },
      ],
      tabs: panesFor(extra).filter((p) => p !== 'conversation'),
      height,
    };
  }
  return { kind: 'narrow', panes: [{ id: focus, box: { width: columns, height: paneHeight - 1 } }], tabs: [...panesFor(extra)], height };
}
