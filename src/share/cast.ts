/**
 * asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): the session screen drawn
 * frame by frame from the recorded events. Each frame rewrites only the rows that changed,
 * with absolute cursor moves, so any player reproduces the screen at any point. No
 * timestamp or environment goes into the header: the same recording and options give the
 * same bytes.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { createTheme } from '../tui/theme.ts';
import type { Line } from '../text/text.ts';
import { sgrCodes } from './ansi.ts';
import { blankGrid, changedRuns, gridOf, styleOf, type Grid } from './grid.ts';
import { framesOf, type Frame } from './frames.ts';
import { padLine } from './panes.ts';
import { presentScreen, sessionScreen, showsEverything, type ScreenOptions } from './screens.ts';
import { tourScreens } from './tour.ts';
import { UserError } from '../contracts/diagnostics.ts';

export interface CastOptions {
  cols: number;
  rows: number;
  /** Base time per step in ms (a message stays 1–4 paces by length). */
  paceMs: number;
  /** The presentation screen instead of the four panes. */
  present?: boolean;
  title?: string;
  /** Only the frames of turns `from` to `to` (inclusive; either may be left open). */
  from?: number | undefined;
  to?: number | undefined;
}

export const DEFAULT_CAST = { cols: 120, rows: 36, paceMs: 1000 } as const;

/** A frame's screen as lines exactly `cols` wide. */
export function frameScreen(
  frame: Frame,
  o: Pick<CastOptions, 'cols' | 'rows' | 'present'>,
  theme = createTheme(true),
  film = false,
): Line[] {
  const opts: ScreenOptions = {
    cols: o.cols,
    rows: o.rows,
    theme,
    callout: frame.callout,
    freshSince: frame.freshSince,
    film,
  };
  return (o.present ? presentScreen : sessionScreen)(frame.state, opts).map((l) =>
    padLine(l, o.cols),
  );
}

export interface Screen {
  lines: Line[];
  /** How long it stays, in ms. */
  ms: number;
  /** A chapter begins here (a turn, the closing tour, the end), named for players' markers. */
  marker?: string | undefined;
}

const turnMarker = (turn: number) => (turn === 0 ? 'start' : `turn ${turn}`);

/**
 * Every screen of a cast or SVG: one per frame, then, when the final screen cannot show every
 * intent and checklist item whole, a closing tour that pages through them, so nothing the
 * session was about is left out of the film.
 */
export function screensOf(
  events: readonly (SessionEvent | TimedEvent)[],
  o: CastOptions,
  theme = createTheme(true),
): Screen[] {
  const all = framesOf(events, o.paceMs);
  const inRange = (f: Frame) => f.turn >= (o.from ?? 0) && f.turn <= (o.to ?? Infinity);
  const frames = all.filter(inRange);
  const screens: Screen[] = frames.map((frame, i) => ({
    lines: frameScreen(frame, o, theme, true),
    ms: frame.ms,
    marker: frame.turn !== frames[i - 1]?.turn ? turnMarker(frame.turn) : undefined,
  }));
  const last = frames.at(-1);
  // The tour belongs to the end of the session: a range that stops earlier has none.
  if (!last || last !== all.at(-1)) return screens;
  const needed = !showsEverything(last.state, { cols: o.cols, rows: o.rows, theme }, o.present);
  const tour = tourScreens(last.state, { cols: o.cols, rows: o.rows, theme }, needed);
  if (!tour.length) return screens;
  // The film still ends on the session's final screen, which stays while a player holds the end.
  const final = { ...screens.at(-1)!, marker: 'end' };
  const pages = tour.map((lines, i) => ({
    lines,
    ms: o.paceMs * 3,
    marker: i ? undefined : 'every intent and checklist item',
  }));
  return [...screens, ...pages, final];
}

/** The screen at the end of turn `turn` (the last frame of that turn; `end`: of the session), for a still picture. */
export function screenAt(
  events: readonly (SessionEvent | TimedEvent)[],
  turn: number | 'end',
  o: CastOptions,
  theme = createTheme(true),
): Line[] {
  const frames = framesOf(events, o.paceMs);
  const last = frames.at(-1)?.turn ?? 0;
  if (turn === 'end') return frameScreen(frames.at(-1)!, o, theme);
  if (turn > last) throw new UserError(`--at ${turn}: the recording has turns 0 to ${last}`);
  const frame = frames.findLast((f) => f.turn <= turn)!;
  return frameScreen(frame, o, theme);
}

const ESC = '\u001b';
// Each style's SGR sequence, from a reset: one sequence per change of style, none per cell.
const sgrCache = new Map<string, string>();
function sgrFor(style: string): string {
  let seq = sgrCache.get(style);
  if (seq === undefined) {
    const codes = sgrCodes(styleOf(style));
    seq = `${ESC}[${['0', ...codes].join(';')}m`;
    sgrCache.set(style, seq);
  }
  return seq;
}

/**
 * Terminal output that turns the screen `before` into `after`: for each run of changed cells a
 * cursor move and the cells, styles switched only where they change, and a row's blank end
 * erased rather than written. `pen` is the terminal's style and cursor, carried from one call
 * to the next.
 */
export function drawChanges(
  before: Grid,
  after: Grid,
  pen: { style: string; row: number; col: number },
): string {
  let out = '';
  const setStyle = (style: string) => {
    if (style !== pen.style) out += sgrFor(style);
    pen.style = style;
  };
  for (const run of changedRuns(before, after)) {
    const row = after[run.row]!;
    const cols = row.chars.length;
    // A run that reaches the row's end erases the blank cells there with one sequence.
    let end = run.to;
    if (end === cols)
      while (end > run.from && row.chars[end - 1] === ' ' && row.styles[end - 1] === '') end--;
    const erase = run.to === cols && cols - end > 3;
    if (!erase) end = run.to;
    if (pen.row !== run.row || pen.col !== run.from)
      out += `${ESC}[${run.row + 1};${run.from + 1}H`;
    for (let c = run.from; c < end; c++) {
      setStyle(row.styles[c]!);
      out += row.chars[c];
    }
    if (erase) {
      setStyle('');
      out += `${ESC}[K`;
    }
    // At the last column a terminal waits to wrap: the next run moves the cursor itself.
    pen.row = end < cols ? run.row : -1;
    pen.col = end;
  }
  return out;
}

/**
 * Writes the cast as a string (one JSON value per line): the screen drawn once, then for each
 * frame only the cells that changed, and a marker ("m" event) where each turn begins, which
 * players show as chapters.
 */
export function renderCast(events: readonly (SessionEvent | TimedEvent)[], o: CastOptions): string {
  const theme = createTheme(true);
  const out: string[] = [
    JSON.stringify({
      version: 2,
      width: o.cols,
      height: o.rows,
      ...(o.title ? { title: o.title } : {}),
    }),
  ];
  let shown = blankGrid(o.cols, o.rows);
  const pen = { style: '', row: -1, col: 0 };
  let ms = 0;
  const at = () => Number((ms / 1000).toFixed(3));
  const emit = (text: string) => out.push(JSON.stringify([at(), 'o', text]));
  emit(`${ESC}[?25l${ESC}[0m${ESC}[2J`);
  for (const screen of screensOf(events, o, theme)) {
    if (screen.marker) out.push(JSON.stringify([at(), 'm', screen.marker]));
    const grid = gridOf(screen.lines, o.cols, o.rows);
    const text = drawChanges(shown, grid, pen);
    shown = grid;
    if (text) emit(text);
    ms += screen.ms;
  }
  // The last frame stays until the end; the cursor comes back for whoever plays it in a terminal.
  emit(`${ESC}[0m${ESC}[${o.rows};1H${ESC}[?25h`);
  return out.join('\n') + '\n';
}
