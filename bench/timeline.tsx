/**
 * Timeline render benchmark: the session screen of a time scenario at 160x48 (five panes, the
 * Timeline among them) while updates fire. The events come from a real headless run of a
 * generated scenario with 300 updates and a condition reminder (every update wakes the agent);
 * the first half is history, the rest is dispatched at 50 events a second as it would arrive.
 * Each frame is timed from the store's new state to the frame written. Target: p95 ≤ 16 ms.
 *
 *   npm run bench -- timeline [--updates 300] [--seconds 10]
 */
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { render } from 'ink';
import { createStore } from 'zustand/vanilla';
import { resolveConfig } from '../src/config/config.ts';
import type { TimedEvent } from '../src/session/events.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { createSessionStore } from '../src/store/store.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { SessionProvider } from '../src/tui/context.tsx';
import { installFastInkOutput } from '../src/tui/ink-output.ts';
import { Providers } from '../src/tui/Providers.tsx';
import { SessionScreen } from '../src/tui/screens/SessionScreen.tsx';
import type { ControlState, SessionController } from '../src/tui/session/controller.ts';
import { SilentKeyboard } from './offscreen.ts';
import { writeTimeScenario } from './time-scenario.ts';

const { values } = parseArgs({ options: { updates: { type: 'string', default: '300' }, seconds: { type: 'string', default: '10' } } });
const updates = Number(values.updates);
const seconds = Number(values.seconds);
const size = { columns: 160, rows: 48 };

const { root, file } = writeTimeScenario(updates, { gapMinutes: 30, text: (price) => `Price now ${price} at the shop on the corner, after the morning delivery.` });
const events: TimedEvent[] = [];
const [group] = planRuns([file], { noDeps: true });
await runGroup(group!, {
  specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
  config: resolveConfig({}, {}),
  registry: createToolRegistry(),
  recordingsDir: null,
  onEvent: (e) => events.push(e),
});
rmSync(root, { recursive: true, force: true });

class Screen extends EventEmitter {
  columns = size.columns;
  rows = size.rows;
  isTTY = true;
  lastWrite = 0;
  write = () => {
    this.lastWrite = performance.now();
    return true;
  };
}

const half = events.findIndex((e) => e.type === 'update' && e.update === `U${Math.floor(updates / 2)}`);
const store = createSessionStore();
store.getState().dispatchAll(events.slice(0, half));
const controller: SessionController = {
  store,
  control: createStore<ControlState>()(() => ({ mode: 'watch', running: true, paused: false, delayMs: 1000, recordings: [], revealIntents: true, tools: [] })),
  quit: () => {},
};
await installFastInkOutput();
const screen = new Screen();
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
const rest = events.slice(half, half + 50 * seconds);
const start = performance.now();
for (let i = 0; i < rest.length; i++) {
  const wait = start + i * 20 - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  store.getState().dispatch(rest[i]!);
}
await new Promise((r) => setTimeout(r, 100));
clearInterval(watch);
instance.unmount();
frames.sort((a, b) => a - b);
const pct = (p: number) => frames[Math.min(frames.length - 1, Math.floor((p / 100) * frames.length))]!;
const fired = rest.filter((e) => e.type === 'update').length;
console.log(JSON.stringify({ screen: 'session screen with the Timeline (160x48, five panes)', updates, events_dispatched: rest.length, updates_fired: fired, frames: frames.length, p50_ms: +pct(50).toFixed(2), p95_ms: +pct(95).toFixed(2), max_ms: +frames.at(-1)!.toFixed(2) }, null, 2));
