/**
 * Times the session screen's frames while events arrive: the events before `from` are history,
 * the rest are dispatched at 50 a second as they would arrive live. Each frame is timed from the
 * store's new state to the frame written (an off-screen terminal of `size`).
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { createStore } from 'zustand/vanilla';
import { resolveConfig } from '../src/config/config.ts';
import type { TimedEvent } from '../src/contracts/events.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { createSessionStore } from '../src/store/store.ts';
import { SessionProvider } from '../src/tui/context.tsx';
import { installFastInkOutput } from '../src/tui/ink-output.ts';
import { Providers } from '../src/tui/Providers.tsx';
import { SessionScreen } from '../src/tui/screens/SessionScreen.tsx';
import type { ControlState, SessionController } from '../src/tui/session/controller.ts';
import { SilentKeyboard } from './offscreen.ts';

class Screen extends EventEmitter {
  isTTY = true;
  lastWrite = 0;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = () => {
    this.lastWrite = performance.now();
    return true;
  };
}

export async function timeFrames(events: readonly TimedEvent[], from: number, seconds: number, size: { columns: number; rows: number }): Promise<{ frames: number[]; dispatched: TimedEvent[] }> {
  const store = createSessionStore();
  store.getState().dispatchAll(events.slice(0, from));
  const controller: SessionController = {
    store,
    control: createStore<ControlState>()(() => ({ mode: 'watch', running: true, paused: false, delayMs: 1000, recordings: [], revealIntents: true, tools: [] })),
    quit: () => {},
  };
  await installFastInkOutput();
  const screen = new Screen(size.columns, size.rows);
  const frames: number[] = [];
  let frameStart = 0;
  const instance = render(
    <Providers size={size}>
      <SessionProvider controller={controller} onFrame={() => (frameStart = performance.now())}>
        <SessionScreen onExit={() => {}} />
      </SessionProvider>
    </Providers>,
    { stdout: screen as unknown as NodeJS.WriteStream, stdin: new SilentKeyboard() as unknown as NodeJS.ReadStream, debug: true, exitOnCtrlC: false, patchConsole: false },
  );
  const watch = setInterval(() => {
    if (frameStart && screen.lastWrite >= frameStart) {
      frames.push(screen.lastWrite - frameStart);
      frameStart = 0;
    }
  }, 1);
  const rest = events.slice(from, from + 50 * seconds);
  const start = performance.now();
  for (let i = 0; i < rest.length; i++) {
    const wait = start + i * 20 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    store.getState().dispatch(rest[i]!);
  }
  await new Promise((r) => setTimeout(r, 100));
  clearInterval(watch);
  instance.unmount();
  return { frames: frames.sort((a, b) => a - b), dispatched: rest };
}

/** p50, p95 and max of sorted frame times. */
export function frameStats(frames: readonly number[]): { frames: number; p50_ms: number; p95_ms: number; max_ms: number } {
  const pct = (p: number) => frames[Math.min(frames.length - 1, Math.floor((p / 100) * frames.length))]!;
  return { frames: frames.length, p50_ms: +pct(50).toFixed(2), p95_ms: +pct(95).toFixed(2), max_ms: +frames.at(-1)!.toFixed(2) };
}

/** The events of a real headless run of `file` (script agent, rules user and judge). */
export async function recordedEvents(file: string): Promise<TimedEvent[]> {
  const events: TimedEvent[] = [];
  const [group] = planRuns([file], { noDeps: true });
  await runGroup(group!, {
    specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
    config: resolveConfig({}, {}),
    registry: createToolRegistry(),
    recordingsDir: null,
    onEvent: (e) => events.push(e),
  });
  return events;
}
