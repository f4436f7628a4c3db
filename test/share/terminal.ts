/**
 * Casts played through xterm.js's headless terminal (a terminal emulator nobody here wrote),
 * for tests that compare what a player shows: the screen, cell by cell with its styles, at
 * each marker of a cast and at its end.
 */
import { createRequire } from 'node:module';
import xterm from '@xterm/headless';

// Loaded untyped: its types pull in the browser terminal's, and with them the DOM's.
const { Unicode11Addon } = createRequire(import.meta.url)('@xterm/addon-unicode11') as {
  Unicode11Addon: new () => xterm.ITerminalAddon;
};

export interface CastFile {
  header: { version: number; width: number; height: number; title?: string };
  events: [number, string, string][];
}

export function parseCast(text: string): CastFile {
  const [first, ...rest] = text.trimEnd().split('\n');
  return {
    header: JSON.parse(first!) as CastFile['header'],
    events: rest.map((l) => JSON.parse(l) as [number, string, string]),
  };
}

/** A terminal of the given size; `write` resolves once the terminal has parsed the text. */
export function terminal(cols: number, rows: number) {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  // Unicode 11's widths, as today's terminals and asciinema's player use (✅ takes two columns).
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const write = (text: string) => new Promise<void>((done) => term.write(text, done));
  /** Each row as its text, then each run of one style as `column:style`, so styles compare too. */
  const screen = (): string[] => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      let text = '';
      let styles = '';
      let last = '';
      for (let x = 0; x < cols; x++) {
        const cell = line?.getCell(x);
        if (!cell || cell.getWidth() === 0) continue;
        text += cell.getChars() || ' ';
        const style = [
          cell.getFgColorMode() ? cell.getFgColor() : 'd',
          cell.isBold() ? 'b' : '',
          cell.isDim() ? 'm' : '',
          cell.isItalic() ? 'i' : '',
          cell.isUnderline() ? 'u' : '',
          cell.isInverse() ? 'v' : '',
        ].join('');
        if (style !== last) styles += ` ${x}:${style}`;
        last = style;
      }
      out.push(`${text} |${styles}`);
    }
    return out;
  };
  /** The rows as plain text. */
  const text = (): string[] => {
    const buffer = term.buffer.active;
    return Array.from({ length: rows }, (_, y) =>
      (buffer.getLine(buffer.viewportY + y)?.translateToString(false) ?? '').trimEnd(),
    );
  };
  return { write, screen, text, dispose: () => term.dispose() };
}

/** Plays a cast: the styled screen just before each marker (labelled) and at the end. */
export async function screensAtMarkers(
  cast: string,
): Promise<{ marks: { label: string; screen: string[] }[]; end: string[]; endText: string[] }> {
  const { header, events } = parseCast(cast);
  const term = terminal(header.width, header.height);
  const marks: { label: string; screen: string[] }[] = [];
  for (const [, kind, data] of events) {
    if (kind === 'o') await term.write(data);
    else if (kind === 'm') marks.push({ label: data, screen: term.screen() });
  }
  const result = { marks, end: term.screen(), endText: term.text() };
  term.dispose();
  return result;
}

/** The first row where two screens differ, both versions shown; undefined when they are the same. */
export function firstDifference(a: string[], b: string[]): string | undefined {
  const r = a.findIndex((row, i) => row !== b[i]);
  if (r < 0 && a.length === b.length) return undefined;
  return `row ${r + 1}:\n  ${a[r]}\n  ${b[r]}`;
}

/** Every screen a cast shows (after each output event) as plain text, rows joined by line ends. */
export async function playedText(cast: string): Promise<string> {
  const { header, events } = parseCast(cast);
  const term = terminal(header.width, header.height);
  const screens: string[] = [];
  for (const [, kind, data] of events) {
    if (kind !== 'o') continue;
    await term.write(data);
    screens.push(term.text().join('\n'));
  }
  term.dispose();
  return screens.join('\n\n');
}
