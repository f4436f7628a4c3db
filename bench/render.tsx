/**
 * Render benchmark (issue 4): a 1,000-turn synthetic session in the store, the session
 * screen mounted at 160x48 (four panes), then the last reply streams in at 100 tokens a
 * second. Each frame is timed from the moment the screen takes the store's new state to
 * the moment the frame is written (React render + Ink layout + output). Target: p95 ≤ 16 ms.
 *
 *   npm run bench -- render [--turns 1000] [--seconds 10] [--stock] [--baseline]
 *
 * --stock leaves Ink's own output stage in place (src/tui/ink-output.ts is not installed).
 * --baseline times a screen of the same size filled with nested styled <Text> that changes
 * every frame, with no intentplay component at all; with --stock, that is Ink alone.
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { EventEmitter } from 'node:events';
import { SilentKeyboard } from './offscreen.ts';
import { Box, render, Text } from 'ink';
import { parseArgs } from 'node:util';
import { syntheticEvents, syntheticReply } from '../src/store/synthetic.ts';
import { createSessionStore } from '../src/store/store.ts';
import { SessionProvider, useSession } from '../src/tui/context.tsx';
import { Providers } from '../src/tui/Providers.tsx';
import { installFastInkOutput } from '../src/tui/ink-output.ts';
import { SessionScreen } from '../src/tui/screens/SessionScreen.tsx';
import type { SessionController } from '../src/tui/session/controller.ts';
import { createStore } from 'zustand/vanilla';
import type { ControlState } from '../src/tui/session/controller.ts';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '1000' }, seconds: { type: 'string', default: '10' }, baseline: { type: 'boolean', default: false }, stock: { type: 'boolean', default: false } } });
const turns = Number(values.turns);
const seconds = Number(values.seconds);
const size = { columns: 160, rows: 48 };

class Screen extends EventEmitter {
  columns = size.columns;
  rows = size.rows;
  isTTY = true;
  lastWrite = 0;
  writes = 0;
  write = (frame: string) => {
    if (process.env.BENCH_SHOW) process.stderr.write(frame + '\n');
    this.lastWrite = performance.now();
    this.writes++;
    return true;
  };
}

const events = syntheticEvents({ turns });
// Everything up to the last agent reply is history; the last reply streams.
const cut = events.findLastIndex((e) => e.type === 'message' && e.role === 'agent');
const store = createSessionStore();
const t0 = performance.now();
store.getState().dispatchAll(events.slice(0, cut));
const reduceMs = performance.now() - t0;
const controller: SessionController = {
  store,
  control: createStore<ControlState>()(() => ({ mode: 'watch', running: true, paused: false, delayMs: 1000, recordings: [], revealIntents: true, tools: [] })),
  quit: () => {},
};

/** The floor: a full screen of styled text redrawn every frame, nothing else. */
function Baseline() {
  const session = useSession((st) => st);
  const n = session.stream?.text.length ?? 0;
  return (
    <Box flexDirection="column" height={size.rows - 1}>
      {Array.from({ length: size.rows - 1 }, (_, i) => (
        <Text key={i} wrap="truncate-end">
          <Text color="cyan">{'│ '}</Text>
          <Text bold>{`row ${i} `}</Text>
          <Text>{syntheticReply(i + n, 30).replace(/\n/g, ' ').slice(0, 90)}</Text>
          <Text color="gray">{` ${n} chars so far`.padEnd(50)}</Text>
        </Text>
      ))}
    </Box>
  );
}

// As the app does at launch (src/tui/launch.tsx); --stock measures Ink without it.
if (!values.stock) await installFastInkOutput();
const screen = new Screen();
const frames: number[] = [];
let frameStart = 0;
let flushes = 0;
const onFrame = () => {
  flushes++;
  frameStart = performance.now();
};
const instance = render(
  <Providers size={size}>
    <SessionProvider controller={controller} onFrame={onFrame}>
      {values.baseline ? <Baseline /> : <SessionScreen onExit={() => {}} />}
    </SessionProvider>
  </Providers>,
  { stdout: screen as unknown as NodeJS.WriteStream, stdin: new SilentKeyboard() as unknown as NodeJS.ReadStream, debug: true, exitOnCtrlC: false, patchConsole: false },
);
const mountMs = performance.now() - t0 - reduceMs;

// Each write that follows a frame start closes that frame.
const watch = setInterval(() => {
  if (frameStart && screen.lastWrite >= frameStart) {
    frames.push(screen.lastWrite - frameStart);
    frameStart = 0;
  }
}, 1);

const words = syntheticReply(turns, 100 * seconds).split(/(?<=\s)/);
const tokenMs = 10; // 100 tokens per second
const start = performance.now();
for (let i = 0; i < words.length; i++) {
  const due = start + i * tokenMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  store.getState().dispatch({ type: 'agent_delta', turn: turns, text: words[i]! });
}
await new Promise((r) => setTimeout(r, 100));
clearInterval(watch);
instance.unmount();

frames.sort((a, b) => a - b);
const pct = (p: number) => frames[Math.min(frames.length - 1, Math.floor((p / 100) * frames.length))]!;
console.log(
  JSON.stringify(
    {
      screen: values.baseline ? 'baseline (Ink alone)' : 'session screen',
      turns,
      events: events.length,
      tokens: words.length,
      frames: frames.length,
      fps: +(frames.length / seconds).toFixed(1),
      p50_ms: +pct(50).toFixed(2),
      p95_ms: +pct(95).toFixed(2),
      max_ms: +frames.at(-1)!.toFixed(2),
      reduce_history_ms: +reduceMs.toFixed(1),
      first_mount_ms: +mountMs.toFixed(1),
      node_env: process.env.NODE_ENV ?? "development",
      flushes,
      writes: screen.writes,
    },
    null,
    2,
  ),
);
