/**
 * Replay-open benchmark (issue 4): a 10,000-event recording on disk; the time from
 * opening the file to the first frame of the replay screen (read and check the JSONL,
 * reduce every event through the one reducer to the last turn, mount the screen, write
 * the frame). Target: under 300 ms. Runs in one process, so module loading is not
 * counted; the first run (cold JIT) is reported apart from the median of the rest.
 *
 *   NODE_ENV=production npx tsx bench/replay-open.ts [--events 10000] [--runs 7]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readRecording } from '../src/session/recording.ts';
import { syntheticEvents } from '../src/store/synthetic.ts';
import { writeRecordingFile } from './recording-file.ts';
import { EventEmitter } from 'node:events';
import { SilentKeyboard } from './offscreen.ts';
import { render } from 'ink';
import { createElement } from 'react';
import type { Recording } from '../src/session/recording.ts';
import { SessionProvider } from '../src/tui/context.tsx';
import { Providers } from '../src/tui/Providers.tsx';
import { SessionScreen } from '../src/tui/screens/SessionScreen.tsx';
import { ReplaySession } from '../src/tui/session/replay-session.ts';
import { installFastInkOutput } from '../src/tui/ink-output.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '10000' }, runs: { type: 'string', default: '7' } },
});
const target = Number(values.events);
const runs = Math.max(2, Number(values.runs));

// About 10 events per synthetic turn: enough turns for `target` events, cut to size, ended.
const turns = Math.ceil(target / 9);
const all = syntheticEvents({ turns });
const events = [
  ...all.slice(0, target - 1),
  { type: 'session_end' as const, end: 'max_turns' as const, turns, t: 0 },
];
const { dir, file } = writeRecordingFile(events);

/** Opens the recording in the replay screen off-screen; resolves when its first frame is written. */
function openReplayFirstFrame(
  recording: Recording,
  size: { columns: number; rows: number },
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const stdout = Object.assign(new EventEmitter(), {
      ...size,
      isTTY: true,
      write: () => {
        if (!done) {
          done = true;
          resolve();
          setImmediate(() => instance.unmount());
        }
        return true;
      },
    });
    const c0 = performance.now();
    const controller = new ReplaySession(recording);
    reduceMs.push(performance.now() - c0);
    const screen = createElement(Providers, {
      size,
      children: createElement(SessionProvider, {
        controller,
        children: createElement(SessionScreen, { onExit: () => {} }),
      }),
    });
    const instance = render(screen, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new SilentKeyboard() as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
  });
}

// As the app does at launch (src/tui/launch.tsx), before any file is opened.
await installFastInkOutput();
const reduceMs: number[] = [];
const times: { total: number; read: number; reduce: number; firstFrame: number }[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const recording = readRecording(file);
  const t1 = performance.now();
  await openReplayFirstFrame(recording, { columns: 160, rows: 48 });
  const t2 = performance.now();
  times.push({
    total: t2 - t0,
    read: t1 - t0,
    reduce: reduceMs.at(-1)!,
    firstFrame: t2 - t1 - reduceMs.at(-1)!,
  });
}
rmSync(dir, { recursive: true, force: true });

const warm = times.slice(1).sort((a, b) => a.total - b.total);
const median = warm[Math.floor(warm.length / 2)]!;
const fmt = (t: (typeof times)[number]) => ({
  total_ms: +t.total.toFixed(1),
  read_ms: +t.read.toFixed(1),
  reduce_ms: +t.reduce.toFixed(1),
  mount_and_frame_ms: +t.firstFrame.toFixed(1),
});
console.log(
  JSON.stringify(
    {
      events: events.length,
      turns: events.findLast((e) => e.type === 'turn_start')!.turn,
      cold: fmt(times[0]!),
      warm_median: fmt(median),
      node_env: process.env.NODE_ENV ?? 'development',
    },
    null,
    2,
  ),
);
