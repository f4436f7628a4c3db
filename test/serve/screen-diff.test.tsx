/**
 * A served screen sends only the rows a frame changed: the page's terminal must end up with the
 * same cells (characters, colours) and cursor as if it had been sent Ink's whole frames. Real
 * Ink renders the frames and two headless xterm.js terminals (the page's terminal, without a
 * page) are compared after every frame; one of them is fed Ink's writes as they were, the other
 * what ScreenDiff makes of them.
 */
import { Terminal } from '@xterm/headless';
import fc from 'fast-check';
import { Box, render, Text, useInput } from 'ink';
import { Writable } from 'node:stream';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HostedScreen } from '../../src/serve/hosted-screen.tsx';
import { ScreenDiff } from '../../src/serve/screen-diff.ts';

// Ink reads CI once, when it loads, and under CI=true draws nothing until exit; `serve` clears
// it before Ink loads (src/cli/actions/serve.ts), so this test, which renders in-process, does too.
vi.hoisted(() => {
  delete process.env.CI;
});

const COLS = 40;
const ROWS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function terminal(cols = COLS, rows = ROWS): Terminal {
  return new Terminal({ cols, rows, scrollback: 0, convertEol: true, allowProposedApi: true });
}
const write = (term: Terminal, data: string) =>
  new Promise<void>((resolve) => term.write(data, resolve));

/** Every cell as text with its style, and the cursor (a column past the last is the last). */
function cells(term: Terminal): string[] {
  const buffer = term.buffer.active;
  const out = [`cursor ${buffer.cursorY}, ${Math.min(buffer.cursorX, term.cols - 1)}`];
  const cell = buffer.getNullCell();
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y)!;
    let row = '';
    for (let x = 0; x < term.cols; x++) {
      line.getCell(x, cell);
      const style = [cell.getFgColor(), cell.getBgColor(), cell.isBold(), cell.isInverse()];
      row += `${cell.getChars() || ' '}${cell.getWidth()}${style.join(',')}|`;
    }
    out.push(row);
  }
  return out;
}

/** Ink's own output stream: a terminal of a size, recording each write. */
class Capture extends Writable {
  readonly isTTY = true;
  columns = COLS;
  rows = ROWS;
  writes: string[] = [];
  override _write(chunk: unknown, _e: BufferEncoding, done: () => void): void {
    this.writes.push(String(chunk));
    done();
  }
}

interface Frame {
  lines: { text: string; color: string | undefined; bold: boolean }[];
  /** Fill the height (Ink's full-screen output, drawn after clearing the terminal). */
  tall: boolean;
}

function Lines({ frame }: { frame: Frame }) {
  return (
    <Box flexDirection="column" height={frame.tall ? ROWS : undefined}>
      {frame.lines.map((line, i) => (
        <Text key={i} color={line.color} bold={line.bold} wrap="truncate">
          {line.text}
        </Text>
      ))}
    </Box>
  );
}

const line = fc.record({
  text: fc.stringMatching(/^[a-z 界é-]{0,50}$/),
  color: fc.constantFrom(undefined, 'red', 'green', 'blue'),
  bold: fc.boolean(),
});
const frame = fc.record({ lines: fc.array(line, { maxLength: ROWS + 3 }), tall: fc.boolean() });

describe('ScreenDiff', () => {
  it('leaves the page with the cells and cursor of the whole frames', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 8 }), async (frames) => {
        const out = new Capture();
        const ink = render(<Lines frame={frames[0]!} />, {
          stdout: out as unknown as NodeJS.WriteStream,
          patchConsole: false,
          maxFps: 1000,
        });
        const whole = terminal();
        const diffed = terminal();
        const diff = new ScreenDiff(ROWS);
        let seen = 0;
        for (const next of [...frames, frames[0]!]) {
          ink.rerender(<Lines frame={next} />);
          await sleep(5);
          for (const data of out.writes.slice(seen)) {
            await write(whole, data);
            await write(diffed, diff.next(data));
          }
          seen = out.writes.length;
          expect(cells(diffed)).toEqual(cells(whole));
        }
        ink.unmount();
        whole.dispose();
        diffed.dispose();
      }),
      {
        numRuns: 15,
        // Found by CI: an empty frame drawn over a cleared one left the cursor at the bottom.
        examples: [
          [
            [
              { lines: [], tall: true },
              { lines: [], tall: false },
            ],
          ],
        ],
      },
    );
  });

  it('gives a page that joins the screen as it is', async () => {
    const out = new Capture();
    const frame = (n: number): Frame => ({
      lines: Array.from({ length: ROWS - 1 }, (_, i) => ({
        text: `row ${i} of frame ${n}`,
        color: i % 2 ? 'red' : undefined,
        bold: false,
      })),
      tall: false,
    });
    const ink = render(<Lines frame={frame(0)} />, {
      stdout: out as unknown as NodeJS.WriteStream,
      patchConsole: false,
    });
    const diff = new ScreenDiff(ROWS);
    const whole = terminal();
    for (const n of [1, 2]) {
      ink.rerender(<Lines frame={frame(n)} />);
      await sleep(50);
    }
    for (const data of out.writes) {
      diff.next(data);
      await write(whole, data);
    }
    const joined = terminal();
    await write(joined, diff.screen!);
    expect(cells(joined)).toEqual(cells(whole));
    expect(joined.buffer.active.getLine(0)!.translateToString(true)).toBe('row 0 of frame 2');
    ink.unmount();
  });
});

/** A screen of 35 rows with a message box at the bottom, as a participant's session looks. */
function Typing() {
  const [draft, setDraft] = useState('');
  useInput((input) => setDraft((d) => d + input));
  return (
    <Box flexDirection="column" height={35}>
      {Array.from({ length: 33 }, (_, i) => (
        <Text key={i} color="cyan">
          {`turn ${i}: the assistant said something long enough to fill much of the row`}
        </Text>
      ))}
      <Text>{`> ${draft}`}</Text>
    </Box>
  );
}

describe('a served screen', () => {
  it('sends a key typed as the row it changed, in one message', async () => {
    const screen = new HostedScreen({ cols: 120, rows: 36 });
    await screen.start(<Typing />);
    const sent: string[] = [];
    const page = terminal(120, 36);
    screen.attach({ output: (data) => sent.push(data) });
    await sleep(100);
    for (const data of sent.splice(0)) await write(page, data);
    screen.input('h');
    await sleep(100);
    screen.input('i');
    await sleep(100);
    // Before, each key sent the whole screen (about 3 KB here) in three messages.
    expect(sent).toHaveLength(2);
    for (const data of sent) expect(data.length).toBeLessThan(200);
    for (const data of sent) await write(page, data);
    const rows = cells(page).length;
    expect(rows).toBe(37);
    expect(page.buffer.active.getLine(33)!.translateToString(true)).toBe('> hi');
    expect(page.buffer.active.getLine(0)!.translateToString(true)).toContain('turn 0');
    screen.close();
    await screen.done;
    page.dispose();
  });
});
