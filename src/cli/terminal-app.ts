/**
 * The full-screen app's way in: whether the terminal can show it, preparing the process
 * before Ink is imported, loading it on demand, and what is printed when it closes.
 *
 * prepareTerminalApp:
 * - React's production build: several times faster than the development one it picks by default.
 * - Ink turns live rendering off when CI=true (is-in-ci, read once when Ink loads), printing
 *   only the last frame at exit. An interactive terminal means someone is watching the screen
 *   (a person, or tmux in an end-to-end test), so live rendering stays on there.
 */

import path from 'node:path';
import type { AppProps } from '../tui/App.tsx';
export function prepareTerminalApp(): void {
  // Through a variable: the build fixes process.env.NODE_ENV to production in its bundle.
  const env = process.env;
  env.NODE_ENV ??= 'production';
  if (process.stdout.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }
}

/** True when both ends are a terminal: the full-screen app can run. */
export function interactiveTerminal(): boolean {
  return Boolean(process.stdout.isTTY && process.stdin.isTTY);
}

/** Loads the full-screen app on demand (nothing of Ink for pipes). */
export async function runApp(props: AppProps): Promise<void> {
  prepareTerminalApp();
  const { runApp: run } = await import('../tui/launch.tsx');
  await run(props);
}

/** Where the sessions' recordings went, printed once the screen has closed. */
export function printRecordings(files: readonly string[]): void {
  for (const f of files)
    process.stderr.write(`recording: ${path.relative(process.cwd(), f) || f}\n`);
}
