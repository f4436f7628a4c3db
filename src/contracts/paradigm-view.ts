/**
 * What a paradigm shows: its slice of the session state (reduced from its events), its panes as
 * data, lines of the opening card and a segment of the status bar. The store reduces the
 * installed paradigms' slices and the TUI draws their panes (src/tui/pane-specs.ts, panes.ts),
 * so neither names a paradigm; a paradigm draws with the styled lines and theme tokens of
 * src/contracts/styled.ts and never imports the TUI.
 *
 * A paradigm registers its slice's type and its panes' ids by declaration merging, as the engine
 * types are (src/contracts/engine-types.ts):
 *
 *   declare module '../contracts/paradigm-view.ts' {
 *     interface SessionSlices { timeline: TimelineState }
 *     interface ParadigmPanes { timeline: true }
 *   }
 *
 * so `state.timeline` is typed wherever the session state is read, and a pane id is checked.
 */
import type { EventOf, Scores, SessionEvent } from './events.ts';
import type { Line, Seg, Theme } from './styled.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SessionSlices {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ParadigmPanes {}

/** The key of a paradigm's slice in the session state. */
export type SliceKey = keyof SessionSlices & string;
/** The id of a paradigm's pane. */
export type ParadigmPaneId = keyof ParadigmPanes & string;

/** Who the person is in the session the pane is drawn for (an export draws a replay). */
export type PaneSeat = 'play' | 'agent' | 'watch' | 'replay';

/** A paradigm's slice of the session state: made at `session_start`, then reduced over each event. */
export interface SessionSlice<K extends SliceKey = SliceKey> {
  readonly key: K;
  /** The slice a session starts with; undefined when the session has none (a scenario the paradigm does not play). */
  start(event: EventOf<'session_start'>): SessionSlices[K] | undefined;
  /** The slice after one event: the same object when the event does not concern it. */
  reduce(slice: SessionSlices[K], event: SessionEvent): SessionSlices[K];
}

/** What a paradigm's pane is drawn with besides its slice. */
export interface PaneDrawing {
  /** The columns its lines may take. */
  cols: number;
  theme: Theme;
  seat: PaneSeat;
  /** The session's scores, once it is scored. */
  scores: Scores | undefined;
}

/**
 * A paradigm's pane as data: shown in the sessions that have its slice, drawn as blocks of styled
 * lines (a block is what the pane's cursor moves over), beside the core's panes.
 */
export interface ParadigmPane<K extends SliceKey = SliceKey> {
  readonly id: ParadigmPaneId;
  /** Its title line, and its tab in the narrower layouts. */
  readonly title: string;
  /** Its share of the width in the wide layout, by how many panes stand side by side. */
  readonly width: Readonly<Partial<Record<number, number>>>;
  /** The slice it draws. */
  readonly slice: K;
  /** Its content as blocks of lines at most `cols` wide. */
  blocks(slice: SessionSlices[K], drawing: PaneDrawing): Line[][];
  /** The title line's note (alternatives, longest first: the first that fits is shown). */
  info?(slice: SessionSlices[K]): string | readonly string[];
  /**
   * What it asks of the width beyond what must fit (its title and its lines at their narrowest):
   * its blocks' first lines whole (`lines`, the default), or its title with its fullest note.
   */
  readonly wants?: 'lines' | 'title';
}

/** The status bar's segment of a paradigm (its clock, its phase), for a session with its slice. */
export interface StatusSegment<K extends SliceKey = SliceKey> {
  readonly slice: K;
  /** `waitingFrom`: while the user waits for time, the simulated time the wait started from. */
  segment(slice: SessionSlices[K], theme: Theme, waitingFrom: string | undefined): Seg | undefined;
  /** While a person plays the user, what the key that lets time pass does here ('let the tick pass'). */
  readonly passTime?: string;
}

/** Lines a paradigm adds to the opening card of a session with its slice, after the request. */
export interface OpeningLines<K extends SliceKey = SliceKey> {
  readonly slice: K;
  lines(slice: SessionSlices[K], cols: number, theme: Theme): Line[];
}

/**
 * What a paradigm shows. Each part is typed by its slice; `view()` below checks the parts of one
 * paradigm against their slices and erases the key for the registry.
 */
export interface ParadigmView {
  readonly slices?: readonly SessionSlice[];
  readonly panes?: readonly ParadigmPane[];
  readonly status?: readonly StatusSegment[];
  readonly opening?: readonly OpeningLines[];
}

/** A view whose parts are each checked against its own slice's type. */
export function view<K extends SliceKey>(parts: {
  slice?: SessionSlice<K>;
  panes?: readonly ParadigmPane<K>[];
  status?: StatusSegment<K>;
  opening?: OpeningLines<K>;
}): ParadigmView {
  // The registry holds parts of many slices; each was checked against its own above.
  const erase = <T>(x: T) => x as never;
  return {
    ...(parts.slice ? { slices: [erase(parts.slice)] } : {}),
    ...(parts.panes ? { panes: parts.panes.map(erase) } : {}),
    ...(parts.status ? { status: [erase(parts.status)] } : {}),
    ...(parts.opening ? { opening: [erase(parts.opening)] } : {}),
  };
}
