/**
 * A faster output stage for Ink (6.8), drawing the same screen.
 *
 * Ink's `Output.get()` turns each frame's writes into a grid of per-cell objects (width ×
 * height, 7,680 at 160×48), then rebuilds every row from those cells, diffing ANSI styles cell
 * by cell; its caches of tokenised lines live for one frame. In a full-screen layout nearly
 * every line is unchanged between frames, so that is most of a frame's work, and garbage.
 *
 * Here each row is the list of lines written on it. When they do not overlap (pane contents
 * and borders side by side: the usual case) the row is those lines, each normalised once and
 * cached across frames, joined by the blank cells between them. A row whose writes overlap
 * (a background under text, an overlay) is drawn cell by cell exactly as Ink does. Clipping
 * follows Ink's code. The test beside this file checks both give the same screen.
 *
 * Ink does not export `Output`: ink-output-module.ts reaches the class its renderer uses. If
 * Ink's internals ever differ from what this expects, nothing is patched and Ink works as shipped.
 */
// The versions Ink itself uses (package.json keeps the same ranges), so slicing and styles match Ink's.
import { styledCharsToString } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import { importInkOutput } from './ink-output-module.ts';
import { COMPOSING, width as cellWidth } from '../text/text.ts';

/** Entries kept before a shared cache starts over (a long session must not grow it without end). */
const MAX_ENTRIES = 20_000;

interface StyledChar {
  type: 'char';
  value: string;
  fullWidth: boolean;
  styles: unknown[];
}
interface Caches {
  widths: Map<string, number>;
  blockWidths: Map<string, number>;
  styledChars: Map<string, StyledChar[]>;
  getStyledChars(line: string): StyledChar[];
  getStringWidth(text: string): number;
  getWidestLine(text: string): number;
}
interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}
type Transformer = (line: string, index: number) => string;
type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };
interface OutputLike {
  width: number;
  height: number;
  operations: Operation[];
  caches: Caches;
}
interface OutputClass {
  new (options: { width: number; height: number }): OutputLike;
  prototype: { get: (this: OutputLike) => { output: string; height: number } };
}
interface InkInternals {
  Output: OutputClass;
  sliceAnsi: (text: string, from: number, to?: number) => string;
  styledCharsToString: (chars: StyledChar[]) => string;
}

/** One line placed on a row: where it starts, the line as written and as the row prints it, and when it was written. */
interface Placed {
  x: number;
  line: string;
  printed: Normalised;
  order: number;
}
/** A line as the row will print it: styles normalised and closed, and its width in cells. */
interface Normalised {
  text: string;
  cells: number;
}

let installed = false;

export async function installFastInkOutput(): Promise<boolean> {
  if (installed) return true;
  const ink = await loadInkInternals();
  if (!ink) return false;
  patchOutput(ink);
  installed = true;
  return true;
}

async function loadInkInternals(): Promise<InkInternals | undefined> {
  try {
    const outputModule = await importInkOutput();
    const ink: InkInternals = {
      Output: outputModule.default as OutputClass,
      sliceAnsi,
      styledCharsToString: styledCharsToString as InkInternals['styledCharsToString'],
    };
    const probe = new ink.Output({ width: 1, height: 1 });
    if (typeof ink.Output.prototype.get !== 'function' || !Array.isArray(probe.operations))
      return undefined;
    if (
      !(probe.caches?.styledChars instanceof Map) ||
      typeof probe.caches.getStyledChars !== 'function' ||
      typeof probe.caches.getWidestLine !== 'function'
    )
      return undefined;
    return ink;
  } catch {
    return undefined;
  }
}

function patchOutput(ink: InkInternals): void {
  const CachesClass = new ink.Output({ width: 1, height: 1 }).caches
    .constructor as new () => Caches;
  let caches = new CachesClass();
  let normalised = new Map<string, Normalised>();

  function normalise(line: string): Normalised {
    let found = normalised.get(line);
    if (found === undefined) {
      if (!line.includes('\u001B') && !COMPOSING.test(line)) {
        // Plain text, each character one or two cells: Ink would draw it unchanged. (Ink gives
        // controls and composing characters a cell each, so those lines take Ink's path.)
        found = { text: line, cells: cellWidth(line) };
      } else {
        const chars = caches.getStyledChars(line);
        let cells = 0;
        for (const char of chars) cells += Math.max(1, cellWidth(char.value));
        found = { text: ink.styledCharsToString(chars), cells };
      }
      normalised.set(line, found);
    }
    return found;
  }

  /** Ink's own drawing of one row, cell by cell, for rows whose writes overlap. */
  function drawCells(width: number, placed: Placed[]): string {
    const row: StyledChar[] = [];
    for (let x = 0; x < width; x++)
      row.push({ type: 'char', value: ' ', fullWidth: false, styles: [] });
    for (const { x, line } of placed) {
      let offsetX = x;
      for (const char of caches.getStyledChars(line)) {
        row[offsetX] = char;
        const charWidth = Math.max(1, cellWidth(char.value));
        for (let i = 1; i < charWidth; i++)
          row[offsetX + i] = { type: 'char', value: '', fullWidth: false, styles: char.styles };
        offsetX += charWidth;
      }
    }
    return ink.styledCharsToString(row.filter((char) => char !== undefined)).trimEnd();
  }

  function drawRow(width: number, placed: Placed[] | undefined): string {
    if (placed === undefined) return '';
    if (placed.length > 1) placed.sort((a, b) => a.x - b.x); // stable: equal x keeps write order
    let end = 0;
    for (const p of placed) {
      if (p.x < end || p.x < 0)
        return drawCells(
          width,
          [...placed].sort((a, b) => a.order - b.order),
        );
      end = p.x + p.printed.cells;
    }
    let text = '';
    let cursor = 0;
    for (const p of placed) {
      if (p.x > cursor) text += ' '.repeat(p.x - cursor);
      text += p.printed.text;
      cursor = p.x + p.printed.cells;
    }
    return text.trimEnd();
  }

  ink.Output.prototype.get = function fastGet(this: OutputLike) {
    if (caches.styledChars.size + caches.widths.size > MAX_ENTRIES) caches = new CachesClass();
    if (normalised.size > MAX_ENTRIES) normalised = new Map();
    this.caches = caches;
    const rows: (Placed[] | undefined)[] = new Array(this.height);
    let order = 0;
    const clips: Clip[] = [];
    for (const operation of this.operations) {
      if (operation.type === 'clip') {
        clips.push(operation.clip);
        continue;
      }
      if (operation.type === 'unclip') {
        clips.pop();
        continue;
      }
      const clipped = clipWrite(operation, clips.at(-1));
      if (!clipped) continue;
      const { x, y, lines } = clipped;
      for (let index = 0; index < lines.length; index++) {
        const rowIndex = y + index;
        // As in Ink: from the first line outside the screen on, the write draws nothing more.
        if (rowIndex < 0 || rowIndex >= this.height) break;
        let line = lines[index]!;
        for (const transformer of operation.transformers) line = transformer(line, index);
        if (line === '') continue;
        (rows[rowIndex] ??= []).push({ x, line, printed: normalise(line), order: order++ });
      }
    }
    let output = '';
    for (let y = 0; y < this.height; y++)
      output += (y === 0 ? '' : '\n') + drawRow(this.width, rows[y]);
    return { output, height: this.height };
  };

  /** Ink's clipping of one write (output.js), unchanged except that an unclipped line is left as is. */
  function clipWrite(
    operation: Extract<Operation, { type: 'write' }>,
    clip: Clip | undefined,
  ): { x: number; y: number; lines: string[] } | undefined {
    let { x, y } = operation;
    const { text } = operation;
    let lines = text.split('\n');
    if (!clip) return { x, y, lines };
    const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
    const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
    if (clipHorizontally) {
      const width = caches.getWidestLine(text);
      if (x + width < clip.x1! || x > clip.x2!) return undefined;
    }
    if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) return undefined;
    if (clipHorizontally) {
      const x1 = clip.x1!;
      const x2 = clip.x2!;
      lines = lines.map((line) => {
        const from = x < x1 ? x1 - x : 0;
        const width = caches.getStringWidth(line);
        const to = x + width > x2 ? x2 - x : width;
        return from === 0 && to === width ? line : ink.sliceAnsi(line, from, to);
      });
      if (x < x1) x = x1;
    }
    if (clipVertically) {
      const y1 = clip.y1!;
      const y2 = clip.y2!;
      const from = y < y1 ? y1 - y : 0;
      const to = y + lines.length > y2 ? y2 - y : lines.length;
      lines = lines.slice(from, to);
      if (y < y1) y = y1;
    }
    return { x, y, lines };
  }
}
