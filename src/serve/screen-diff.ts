/**
 * What a browser needs to be sent for a frame: the rows that changed, not the whole screen.
 *
 * Ink redraws every row of its output each frame: it erases the rows it drew last time and
 * writes them all again (or, for output as tall as the terminal, clears the terminal first).
 * One key typed in a message box sent the whole screen (about 6 KB at 120×36), and the page's
 * terminal parsed and repainted all of it. A terminal shows the same cells whether all rows
 * were rewritten or only the changed ones, so when the screen before a frame is known, the
 * frame goes out as "to this row, clear it, write it" for the rows that differ, and the cursor
 * is left where Ink's own write would have left it (Ink's next frame moves from there).
 *
 * What is known is Ink's block: its rows as drawn, with the cursor at the end of the last one,
 * and, while nothing has scrolled, the screen row it starts on (nothing else is on the screen).
 * A write that is not one of Ink's frames goes through as written and the screen is unknown
 * until Ink next clears the terminal; so are frames whose effect a diff cannot be sure of
 * (the terminal would scroll).
 */
import stringWidth from 'string-width';

/** ansi-escapes' clearTerminal, which Ink writes before each frame as tall as the terminal. */
export const CLEAR_TERMINAL = '\u001B[2J\u001B[3J\u001B[H';

/** ansi-escapes' eraseLines(count), which Ink's log-update writes before each other frame. */
export function eraseLines(count: number): string {
  let clear = '';
  for (let i = 0; i < count; i++) clear += '\u001B[2K' + (i < count - 1 ? '\u001B[1A' : '');
  return count ? clear + '\u001B[G' : clear;
}

/** Writes that leave every cell as it was (synchronised-output marks, the cursor hidden or shown). */
const KEEPS_CELLS = new Set(['', '\u001B[?2026h', '\u001B[?2026l', '\u001B[?25l', '\u001B[?25h']);

/** A frame's rows: text, colours (SGR) and links (OSC 8) only; anything else moves the cursor or the screen. */
// eslint-disable-next-line no-control-regex -- escape sequences are what is checked for
const STYLE = /\u001B\[[0-9;:]*m|\u001B\]8;[^\u0007\u001B]*(?:\u0007|\u001B\\)/g;
// eslint-disable-next-line no-control-regex -- control characters are what is checked for
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F\u009B]/;

const up = (n: number) => (n > 0 ? `\u001B[${n}A` : '');
const down = (n: number) => (n > 0 ? `\u001B[${n}B` : '');
const toRow = (row: number) => `\u001B[${row};1H`;
const toColumn = (col: number) => `\u001B[${col}G`;
/** Default colours first, so a cleared row has the background a cleared screen has. */
const CLEAR_ROW = '\u001B[0m\u001B[2K';

/** Ink's rows on the screen: `top` is the screen row of the first (undefined once it may have scrolled). */
interface Block {
  rows: string[];
  top: number | undefined;
}

export class ScreenDiff {
  /** A fresh terminal: nothing drawn, the cursor at the top left. */
  private block: Block | undefined = { rows: [], top: 1 };
  /** Send the next frame whole (a page attached, or the size changed). */
  private whole = false;

  constructor(private height: number) {}

  /** The next frame goes out whole, drawn from a cleared screen, at this many rows. */
  redraw(height = this.height): void {
    this.height = height;
    this.whole = true;
  }

  /** What to send for one of Ink's writes so a terminal ends up showing what `data` would. */
  next(data: string): string {
    if (KEEPS_CELLS.has(data)) return data;
    if (data.startsWith(CLEAR_TERMINAL)) return this.cleared(data);
    const before = this.block;
    const erase = before ? eraseLines(before.rows.length) : undefined;
    if (before && data.startsWith(erase!)) return this.redrawn(before, data.slice(erase!.length));
    this.block = undefined;
    return data;
  }

  /** A frame drawn from a cleared terminal: its rows start at the top. */
  private cleared(data: string): string {
    const rows = plainRows(data.slice(CLEAR_TERMINAL.length));
    const before = this.block;
    const fits = rows !== undefined && rows.length <= this.height;
    this.block = fits ? { rows, top: 1 } : undefined;
    if (!fits || before?.top === undefined || this.whole) return this.sent(data);
    const { top } = before;
    const at = (row: number) => before.rows[row - top] ?? '';
    let out = '';
    for (let row = 1; row <= Math.max(rows.length, top + before.rows.length - 1); row++) {
      const now = rows[row - 1] ?? '';
      if (now !== at(row)) out += toRow(row) + CLEAR_ROW + now;
    }
    // The clear moved the cursor to the top: even with no row changed it goes where Ink's write leaves it.
    const stays =
      !out &&
      endRow(top, before.rows) === rows.length &&
      lastWidth(before.rows) === lastWidth(rows);
    return stays ? '' : out + toRow(rows.length) + endOf(rows);
  }

  /** A frame Ink drew over its last one: the rows erased from the bottom up, then written. */
  private redrawn(before: Block, frame: string): string {
    const data = eraseLines(before.rows.length) + frame;
    const { top } = before;
    // Erased and nothing written: Ink's clear (its next frame starts from nothing).
    if (frame === '') {
      this.block = { rows: [], top };
      return data;
    }
    const rows = plainRows(frame);
    // Rows below the old block are reached by moving down, which cannot scroll the screen: only
    // when the screen is known to have room for them (otherwise the write goes as it is).
    const fits = rows && top !== undefined && top + rows.length - 1 <= this.height;
    this.block = rows && { rows, top: fits ? top : undefined };
    if (!rows) return this.sent(data);
    if (this.whole && fits) return this.sent(CLEAR_TERMINAL + '\n'.repeat(top! - 1) + frame);
    const longer = rows.length > before.rows.length;
    if (before.rows.length === 0 || this.whole || (!fits && longer)) return this.sent(data);
    let out = '';
    let at = before.rows.length - 1; // the cursor's row in the block
    const goTo = (i: number) => {
      out += i < at ? up(at - i) : down(i - at);
      at = i;
    };
    for (let i = 0; i < Math.max(rows.length, before.rows.length); i++) {
      if (rows[i] === before.rows[i]) continue;
      goTo(i);
      out += toColumn(1) + CLEAR_ROW + (rows[i] ?? '');
    }
    if (!out) return '';
    goTo(rows.length - 1);
    return out + endOf(rows);
  }

  private sent(data: string): string {
    this.whole = false;
    return data;
  }

  /** The screen as it is now, for a page that attaches (undefined: not known). */
  get screen(): string | undefined {
    const block = this.block;
    if (!block || block.top === undefined) return undefined;
    return CLEAR_TERMINAL + '\n'.repeat(block.top - 1) + block.rows.join('\n');
  }
}

/** The rows of a frame, or undefined when it has more than styled text (it moves the cursor). */
function plainRows(frame: string): string[] | undefined {
  return CONTROL.test(frame.replace(STYLE, '')) ? undefined : frame.split('\n');
}

const lastWidth = (rows: string[]) => stringWidth(rows.at(-1) ?? '');

/** Moves the cursor to the end of the last row, where writing the rows leaves it. */
function endOf(rows: string[]): string {
  return toColumn(lastWidth(rows) + 1);
}

/** The screen row the cursor is on after a block is drawn (an erased block leaves it on its top row). */
function endRow(top: number, rows: string[]): number {
  return top + Math.max(rows.length - 1, 0);
}
