/**
 * Replay stepping benchmark: a 10,000-event recording (990 turns) open in the replay screen at
 * 160x48; each step moves one turn back (as the left arrow does) and is timed from the move to
 * the frame written. Then jumps: to the first turn (home) and back to the last (end).
 *
 *   npm run bench -- replay-step [--steps 60]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import { render } from 'ink';
import { createElement } from 'react';
import { syntheticEvents } from '../src/store/synthetic.ts';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from '../src/session/recording.ts';
import { installFastInkOutput } from '../src/tui/ink-output.ts';
import { Providers } from '../src/tui/Providers.tsx';
import { SessionProvider } from '../src/tui/context.tsx';
import { SessionScreen } from '../src/tui/screens/SessionScreen.tsx';
import { ReplaySession } from '../src/tui/session/replay-session.ts';
import { SilentKeyboard } from './offscreen.ts';

const { values } = parseArgs({ options: { steps: { type: 'string', default: '60' } } });
const steps = Number(values.steps);
const all = syntheticEvents({ turns: 1112 });
const events = [
  ...all.slice(0, 9999),
  { type: 'session_end' as const, end: 'max_turns' as const, turns: 1112, t: 0 },
];
const recording = {
  file: 'synthetic.jsonl',
  complete: true,
  header: {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    scenario: 'synthetic/long',
    persona: 'synthetic',
    title: 'synthetic',
    group: { id: 'synthetic/long', kind: 'chain', index: 0, of: 1 },
    backends: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
    started: new Date(0).toISOString(),
    seed: 0,
    writer: 'bench',
  },
  events,
} as unknown as Recording;

await installFastInkOutput();
let lastWrite = 0;
const stdout = Object.assign(new EventEmitter(), {
  columns: 160,
  rows: 48,
  isTTY: true,
  write: () => ((lastWrite = performance.now()), true),
});
const controller = new ReplaySession(recording);
const instance = render(
  createElement(Providers, {
    size: { columns: 160, rows: 48 },
    children: createElement(SessionProvider, {
      controller,
      children: createElement(SessionScreen, { onExit: () => {} }),
    }),
  }),
  {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new SilentKeyboard() as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  },
);
const settle = () => new Promise((r) => setTimeout(r, 50));
await settle();
await new Promise((r) => setTimeout(r, 1000)); // background wrapping of earlier turns done

async function timed(move: () => void): Promise<number> {
  const t0 = performance.now();
  lastWrite = 0;
  move();
  while (!lastWrite) await new Promise((r) => setImmediate(r));
  const ms = lastWrite - t0;
  await settle();
  return ms;
}

const last = controller.timeline.lastTurn;
const stepMs: number[] = [];
for (let i = 1; i <= steps; i++) stepMs.push(await timed(() => controller.goToTurn(last - i)));
const home = await timed(() => controller.goToTurn(0));
const end = await timed(() => controller.goToTurn(last));
instance.unmount();
stepMs.sort((a, b) => a - b);
const pct = (p: number) =>
  +stepMs[Math.min(stepMs.length - 1, Math.floor((p / 100) * stepMs.length))]!.toFixed(1);
console.log(
  JSON.stringify(
    {
      turns: last,
      steps,
      step_p50_ms: pct(50),
      step_p95_ms: pct(95),
      step_max_ms: pct(100),
      home_ms: +home.toFixed(1),
      end_ms: +end.toFixed(1),
    },
    null,
    2,
  ),
);
