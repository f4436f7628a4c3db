/**
 * Screens as grids of cells, and what changed between two of them: the cast and the SVG draw
 * only the cells that changed from one screen to the next instead of every screen whole, which
 * keeps a long session's film small (a 1,000-turn cast was 29 MB of repaints).
 */
import { ASCII } from '../text/cell-width.ts';
import { COMPOSING, width, type Line, type Seg } from '../text/text.ts';
import { lineToAnsi } from './ansi.ts';

/** One row: each cell's character ('' for the second half of a wide one) and its style's key. */
export interface Row {
  chars: string[];
  styles: string[];
}

export type Grid = Row[];

/** A run of changed cells on a row: columns [from, to). */
export interface Run {
  row: number;
  from: number;
  to: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A segment's style as a key ('' when plain): equal keys draw alike. */
export function styleKey(seg: Omit<Seg, 'text'>): string {
  const on = [
    seg.bold ? 'b' : '',
    seg.dim ? 'd' : '',
    seg.italic ? 'i' : '',
    seg.underline ? 'u' : '',
    seg.inverse ? 'v' : '',
  ].join('');
  return seg.color ? `${on}:${seg.color}` : on;
}

/** The style a key stands for (the inverse of styleKey). */
export function styleOf(key: string): Omit<Seg, 'text'> {
  const [on = '', color] = key.split(':');
  const style: Omit<Seg, 'text'> = {};
  if (on.includes('b')) style.bold = true;
  if (on.includes('d')) style.dim = true;
  if (on.includes('i')) style.italic = true;
  if (on.includes('u')) style.underline = true;
  if (on.includes('v')) style.inverse = true;
  if (color) style.color = color;
  return style;
}

/** The characters of a text as the cells see them: one per code unit unless some compose. */
function charsOf(text: string): Iterable<string> {
  if (ASCII.test(text) || !COMPOSING.test(text)) return text;
  return Array.from(graphemes.segment(text), (g) => g.segment);
}

// Rows repeat from screen to screen (a pane that did not change): each distinct line is cut once.
const rowCache = new Map<string, Row>();

/** A line as `cols` cells: wide characters take two, marks join the character before, the rest is blank. */
export function rowOf(line: Line, cols: number, key?: string): Row {
  const hit = key === undefined ? undefined : rowCache.get(`${cols}|${key}`);
  if (hit) return hit;
  const chars: string[] = [];
  const styles: string[] = [];
  for (const seg of line) {
    if (!seg.text) continue;
    const style = styleKey(seg);
    for (const segment of charsOf(seg.text)) {
      const w = width(segment);
      if (w === 0 && chars.length) chars[chars.length - 1] += segment;
      if (w === 0 || chars.length + w > cols) continue;
      chars.push(segment);
      styles.push(style);
      if (w === 2) {
        chars.push('');
        styles.push(style);
      }
    }
  }
  while (chars.length < cols) {
    chars.push(' ');
    styles.push('');
  }
  const row = { chars, styles };
  if (key !== undefined) {
    if (rowCache.size > 20_000) rowCache.clear();
    rowCache.set(`${cols}|${key}`, row);
  }
  return row;
}

/** A screen's lines as a grid of `cols` × `rows` cells. */
export function gridOf(lines: readonly Line[], cols: number, rows: number): Grid {
  return Array.from({ length: rows }, (_, r) => {
    const line = lines[r] ?? [];
    return rowOf(line, cols, lineToAnsi(line));
  });
}

export function blankGrid(cols: number, rows: number): Grid {
  const row = rowOf([], cols);
  return Array.from({ length: rows }, () => row);
}

const same = (a: Row, b: Row, c: number) =>
  a.chars[c] === b.chars[c] && a.styles[c] === b.styles[c];

/**
 * The runs of cells that differ between two grids, row by row. Runs closer than `join` cells
 * are one run (rewriting a few cells costs less than moving the cursor), and a run never
 * starts or ends inside a wide character.
 */
export function changedRuns(before: Grid, after: Grid, join = 6): Run[] {
  const runs: Run[] = [];
  after.forEach((row, r) => {
    const old = before[r];
    if (old === row) return;
    const cols = row.chars.length;
    let open: Run | undefined;
    for (let c = 0; c < cols; c++) {
      if (old && same(old, row, c)) continue;
      if (open && c - open.to <= join) open.to = c + 1;
      else {
        open = { row: r, from: c, to: c + 1 };
        runs.push(open);
      }
    }
  });
  for (const run of runs) {
    const row = after[run.row]!;
    const old = before[run.row];
    const halfAt = (c: number) => row.chars[c] === '' || old?.chars[c] === '';
    if (run.from > 0 && halfAt(run.from)) run.from--;
    if (run.to < row.chars.length && halfAt(run.to)) run.to++;
  }
  return runs;
}
