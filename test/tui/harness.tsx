/**
 * Rendering TUI screens in tests: the providers with a fixed terminal size, keys by name,
 * and waitForFrame, which waits for a frame that satisfies a predicate (no fixed sleeps).
 * ink-testing-library's streams always report 100 columns; the layouts depend on the
 * size, so its stdout is given the size under test.
 */
import { styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { render as testRender } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { createStore } from 'zustand/vanilla';
import type { SessionEvent, TimedEvent } from '../../src/contracts/events.ts';
import { createSessionStore } from '../../src/store/store.ts';
import { SessionProvider } from '../../src/tui/context.tsx';
import { Providers } from '../../src/tui/Providers.tsx';
import type { ControlState, SessionController } from '../../src/tui/session/controller.ts';

export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  home: '\u001B[H',
  end: '\u001B[F',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  tab: '\t',
  shiftTab: '\u001B[Z',
  enter: '\r',
  escape: '\u001B',
  backspace: '\u007F',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  ctrlT: '\u0014',
  ctrlN: '\u000E',
  ctrlK: '\u000B',
  ctrlO: '\u000F',
  ctrlP: '\u0010',
  ctrlR: '\u0012',
  ctrlY: '\u0019',
} as const;

type BaseRendered = ReturnType<typeof testRender>;
export type Rendered = ReturnType<typeof renderTui>;

/** ink-testing-library's Stdout, sized. */
class SizedStdout extends EventEmitter {
  frames: string[] = [];
  private last: string | undefined;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    this.last = frame;
    return true;
  };
  lastFrame = () => this.last;
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

export function renderTui(
  node: ReactNode,
  size = { columns: 160, rows: 40 },
  color?: boolean,
): BaseRendered & { stdout: SizedStdout; resize(columns: number, rows: number): void } {
  // ink-testing-library provides stdin and stderr; stdout is swapped for a sized one.
  const base = testRender(<></>);
  base.unmount();
  const stdout = new SizedStdout(size.columns, size.rows);
  const instance = inkRender(
    <Providers size={size} color={color}>
      {node}
    </Providers>,
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: base.stderr as unknown as NodeJS.WriteStream,
      stdin: base.stdin as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    },
  );
  const resize = (columns: number, rows: number) => {
    stdout.resize(columns, rows);
    instance.rerender(
      <Providers size={{ columns, rows }} color={color}>
        {node}
      </Providers>,
    );
  };
  return {
    ...base,
    rerender: instance.rerender,
    unmount: instance.unmount,
    cleanup: instance.cleanup,
    stdout,
    frames: stdout.frames,
    lastFrame: stdout.lastFrame,
    resize,
  };
}

export function renderSession(
  controller: SessionController,
  node: ReactNode,
  size = { columns: 160, rows: 40 },
) {
  return renderTui(<SessionProvider controller={controller}>{node}</SessionProvider>, size);
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001B\[[0-9;?]*[A-Za-z]/g;
export const plain = (frame: string | undefined): string => (frame ?? '').replace(ANSI, '');

/**
 * What a terminal shows for a frame: per row, each cell's character and its active styles,
 * however the escape codes that set them are spelled.
 */
export function screenOf(frame: string): string[][] {
  return frame.split('\n').map((row) => {
    const cells = styledCharsFromTokens(tokenize(row)).map(
      (c) =>
        `${c.value}${
          c.styles.length
            ? '\u0000' +
              c.styles
                .map((s) => s.code)
                .sort()
                .join(';')
            : ''
        }`,
    );
    while (cells.at(-1) === ' ') cells.pop();
    return cells;
  });
}

/** Resolves with the first frame (ANSI stripped) that satisfies `predicate`; fails with the last frame after `timeoutMs` (generous: a loaded machine draws slowly, a passing test does not wait). */
export async function waitForFrame(
  r: Rendered,
  predicate: (frame: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const start = Date.now();
  for (;;) {
    const frame = plain(r.lastFrame());
    if (predicate(frame)) return frame;
    if (Date.now() - start > timeoutMs)
      throw new Error(`no frame matched within ${timeoutMs} ms; last frame:\n${frame}`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Types keys one at a time (each its own chunk of input, as a person types); the app takes each after the last has rendered. */
export async function press(r: Pick<BaseRendered, 'stdin'>, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    r.stdin.write(k);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A controller over given events, with spies for what keys ask of it. */
export function fakeController(
  events: readonly (SessionEvent | TimedEvent)[],
  control: Partial<ControlState> = {},
  methods: Partial<Omit<SessionController, 'store' | 'control'>> = {},
): SessionController & { calls: string[] } {
  const calls: string[] = [];
  const store = createSessionStore();
  store.getState().dispatchAll(events);
  const spy =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push([name, ...args.map((a) => JSON.stringify(a))].join(' '));
  return {
    store,
    control: createStore<ControlState>()(() => ({
      mode: 'watch',
      running: true,
      paused: false,
      delayMs: 1000,
      recordings: [],
      revealIntents: true,
      tools: [],
      ...control,
    })),
    quit: spy('quit'),
    override: spy('override'),
    gradeNow: spy('gradeNow'),
    endSession: spy('endSession'),
    sendUser: spy('sendUser'),
    sendAgent: spy('sendAgent'),
    passTime: spy('passTime'),
    ...methods,
    calls,
  };
}

/** Waits until `condition()` holds (a raw frame with its colours, a call recorded). */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Leaves a live session's opening card (title, persona, request): waits for it, then enter. */
export async function begin(r: Rendered): Promise<void> {
  await waitForFrame(r, (f) => f.includes('enter begins'));
  await press(r, KEYS.enter);
  await waitForFrame(r, (f) => !f.includes('enter begins'));
}

/** Leaves the result card that closes a live run (after its last session): waits for it, then esc shows the panes. */
export async function dismissResultCard(r: Rendered): Promise<void> {
  await waitForFrame(r, (f) => f.includes('the run is over'));
  await press(r, KEYS.escape);
  await waitForFrame(r, (f) => !f.includes('the run is over'));
}
