/**
 * Runs the full-screen app in the terminal's alternate screen, so quitting gives the
 * shell back as it was. The screen is restored on every way out, a crash included.
 */
import { render } from 'ink';
import type { ComponentType, ReactNode } from 'react';
import { App, type AppProps } from './App.tsx';
import { Providers } from './Providers.tsx';
import { installFastInkOutput } from './ink-output.ts';
import { stopAgentsNow } from '../agent/acp/process.ts';

const ENTER_ALT = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALT = '\u001B[?1049l';
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function runApp(props: AppProps): Promise<void> {
  await runScreen(<App {...props} />);
}

/** Runs a screen component with its props (the bundle gives React's module no named exports to a caller's dynamic import). */
export async function runScreenOf<P extends object>(
  Screen: ComponentType<P>,
  props: P,
): Promise<void> {
  await runScreen(<Screen {...props} />);
}

/** Runs any full screen (the app, or the side-by-side and presentation screens) until it exits. */
export async function runScreen(screen: ReactNode): Promise<void> {
  await installFastInkOutput();
  const out = process.stdout;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    out.write(LEAVE_ALT);
  };
  // Keys are read one by one from the moment the screen is ours. Ink switches the terminal to raw mode in
  // an effect that runs after its first frame is written: a key pressed in between (enter on the
  // opening card the moment it shows) reached us through the line discipline, as a line feed,
  // and was lost. Ink's own switch then finds raw mode on and turns it off when it unmounts.
  const stdin = process.stdin;
  if (stdin.isTTY) stdin.setRawMode(true);
  out.write(ENTER_ALT);
  process.once('exit', restore);
  const instance = render(
    <Providers>{screen}</Providers>,
    // Not Ink's incrementalRendering: in the alternate screen it left stale lines behind (Ink 6.8).
    { exitOnCtrlC: false, patchConsole: true, maxFps: 30 },
  );
  // A signal's default action ends the process without 'exit': leave the alternate screen
  // first, then die of the same signal so the parent sees how it ended.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of STOP_SIGNALS) process.off(s, onSignal);
    try {
      instance.unmount();
    } catch {
      // Unmounting is best effort: the screen is restored below either way.
    }
    restore();
    // An acp agent runs in a process group of its own: the hang-up of a closed terminal does not reach it.
    stopAgentsNow();
    process.kill(process.pid, signal);
  };
  for (const s of STOP_SIGNALS) process.once(s, onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const s of STOP_SIGNALS) process.off(s, onSignal);
    instance.cleanup();
    if (stdin.isTTY) stdin.setRawMode(false);
    restore();
    process.off('exit', restore);
  }
}
