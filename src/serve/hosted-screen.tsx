/**
 * One Ink screen rendered for the browser instead of a terminal: Ink writes to a stream that
 * looks like a terminal (a size, raw mode) and reads keys from another, so one process draws a
 * screen per participant, or one screen for a whole audience, without a pty.
 *
 * Every client attached gets the frames: what Ink writes in one go (a frame and its
 * synchronised-output marks) is sent as one message, and a whole frame only as the rows that
 * changed (screen-diff.ts). A client that joins late gets the screen as it is now (the frames
 * since the last clear, or a fresh frame drawn for every client).
 */
import chalk from 'chalk';
import { render } from 'ink';
import { PassThrough, Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { installFastInkOutput } from '../tui/ink-output.ts';
import { Providers } from '../tui/Providers.tsx';
import { ScreenDiff } from './screen-diff.ts';

/** A terminal's size in cells. */
export interface CellSize {
  cols: number;
  rows: number;
}

/** Where a screen's frames go: one browser connection. */
export interface ScreenClient {
  /** The terminal's bytes, as written. */
  output(data: string): void;
}

/** Ink's "clear the terminal" (ansi-escapes' clearTerminal starts with it): a full frame follows. */
const CLEAR = '\u001B[2J';
/** Kept for a late joiner; past this a fresh frame is drawn for them instead. */
const MAX_SNAPSHOT = 512 * 1024;

/** A stream Ink takes for a terminal: it has a size and says it is a TTY. */
class ScreenOutput extends Writable {
  readonly isTTY = true;
  columns: number;
  rows: number;

  constructor(
    size: CellSize,
    private readonly sink: (data: string) => void,
  ) {
    super({ decodeStrings: false });
    this.columns = size.cols;
    this.rows = size.rows;
  }

  override _write(
    chunk: unknown,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.sink(typeof chunk === 'string' ? chunk : String(chunk));
    done();
  }
}

/** The keys Ink reads: a TTY in raw mode, fed by the browser. */
class ScreenInput extends PassThrough {
  readonly isTTY = true;
  isRaw = false;
  setRawMode(raw: boolean): this {
    this.isRaw = raw;
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

export class HostedScreen {
  private readonly out: ScreenOutput;
  private readonly keys = new ScreenInput();
  private readonly clients = new Set<ScreenClient>();
  /** What a late joiner needs to see the screen as it is: everything since the last clear. */
  private snapshot = '';
  private readonly diff: ScreenDiff;
  /** Written since the last send: sent together once this turn of the event loop's work is done. */
  private pending = '';
  private unmountInk: (() => void) | undefined;
  private exited: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(size: CellSize) {
    this.out = new ScreenOutput(size, (data) => this.write(data));
    this.diff = new ScreenDiff(size.rows);
  }

  get size(): CellSize {
    return { cols: this.out.columns, rows: this.out.rows };
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Renders `screen` (inside the TUI's providers) until it exits or close() is called. */
  async start(screen: ReactNode): Promise<void> {
    await installFastInkOutput();
    // Chalk judged colour by this process's own output (often not a terminal when serving); the browser's terminal has colour.
    if (chalk.level === 0 && !process.env.NO_COLOR) chalk.level = 1;
    const instance = render(<Providers>{screen}</Providers>, {
      stdout: this.out as unknown as NodeJS.WriteStream,
      stdin: this.keys as unknown as NodeJS.ReadStream,
      stderr: this.out as unknown as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 30,
      // The browser's terminal is xterm.js: never ask it about the kitty keyboard protocol.
      kittyKeyboard: { mode: 'disabled' },
    });
    this.unmountInk = () => instance.unmount();
    const flushed = () => this.flush();
    this.exited = instance.waitUntilExit().then(flushed, flushed);
    // Hide the cursor: the screens draw their own.
    this.write('\u001B[?25l');
  }

  /** Resolves when the screen has exited (its own exit, or close()). */
  get done(): Promise<void> {
    return this.exited;
  }

  private write(data: string): void {
    const clear = data.lastIndexOf(CLEAR);
    if (clear >= 0) this.snapshot = data.slice(clear);
    else this.snapshot += data;
    if (this.snapshot.length > MAX_SNAPSHOT) this.snapshot = '';
    const send = this.diff.next(data);
    if (!send) return;
    if (!this.pending) queueMicrotask(() => this.flush());
    this.pending += send;
  }

  private flush(): void {
    const data = this.pending;
    this.pending = '';
    if (data) for (const client of this.clients) client.output(data);
  }

  /** Adds a client: it gets the screen as it is now, then every frame. */
  attach(client: ScreenClient): void {
    // What the others have not been sent yet is in the snapshot the newcomer gets.
    this.flush();
    this.clients.add(client);
    const screen = this.diff.screen;
    if (screen !== undefined) client.output('\u001B[?25l' + screen);
    else if (this.snapshot) client.output('\u001B[?25l\u001B[H' + this.snapshot);
    else this.redraw();
  }

  detach(client: ScreenClient): void {
    this.clients.delete(client);
  }

  /** Keys from the browser, as the terminal would send them. */
  input(data: string): void {
    if (!this.closed) this.keys.write(data);
  }

  resize(size: CellSize): void {
    if (size.cols === this.out.columns && size.rows === this.out.rows) return;
    this.out.columns = size.cols;
    this.out.rows = size.rows;
    this.redraw();
  }

  /** Draws the whole screen again (Ink redraws a full-screen app completely on a resize). */
  redraw(): void {
    this.diff.redraw(this.out.rows);
    this.out.emit('resize');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.unmountInk?.();
    } catch {
      // Unmounting is best effort: the connection is going away either way.
    }
    this.flush();
    this.clients.clear();
  }
}
