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
import { lineToAnsi } from './ansi.ts';
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
): Line[] {
  const opts: ScreenOptions = {
    cols: o.cols,
    rows: o.rows,
    theme,
    callout: frame.callout,
    freshSince: frame.freshSince,
  };
  return (o.present ? presentScreen : sessionScreen)(frame.state, opts).map((l) =>
    padLine(l, o.cols),
  );
}

export interface Screen {
  lines: Line[];
  /** How long it stays, in ms. */
  ms: number;
}

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
  const screens = frames.map((frame) => ({ lines: frameScreen(frame, o, theme), ms: frame.ms }));
  const last = frames.at(-1);
  // The tour belongs to the end of the session: a range that stops earlier has none.
  if (!last || last !== all.at(-1)) return screens;
  const needed = !showsEverything(last.state, { cols: o.cols, rows: o.rows, theme }, o.present);
  const tour = tourScreens(last.state, { cols: o.cols, rows: o.rows, theme }, needed);
  if (!tour.length) return screens;
  // The film still ends on the session's final screen, which stays while a player holds the end.
  const final = screens.at(-1)!;
  return [...screens, ...tour.map((lines) => ({ lines, ms: o.paceMs * 3 })), final];
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

/** Writes the cast as a string (one JSON value per line). */
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
  let shown: string[] = [];
  let ms = 0;
  const emit = (text: string) =>
    out.push(JSON.stringify([Number((ms / 1000).toFixed(3)), 'o', text]));
  emit('\u001b[?25l\u001b[2J');
  for (const screen of screensOf(events, o, theme)) {
    const rows = screen.lines.map(lineToAnsi);
    let text = '';
    for (let r = 0; r < o.rows; r++) {
      const row = rows[r] ?? ' '.repeat(o.cols);
      if (row !== shown[r]) text += `\u001b[${r + 1};1H\u001b[0m${row}`;
    }
    shown = rows;
    if (text) emit(text);
    ms += screen.ms;
  }
  // The last frame stays until the end; the cursor comes back for whoever plays it in a terminal.
  emit(`\u001b[${o.rows};1H\u001b[?25h`);
  return out.join('\n') + '\n';
}
