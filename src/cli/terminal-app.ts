/**
 * Prepares the process for a full-screen Ink app, before Ink is imported.
 * - React's production build: several times faster than the development one it picks by default.
 * - Ink turns live rendering off when CI=true (is-in-ci, read once when Ink loads), printing
 *   only the last frame at exit. An interactive terminal means someone is watching the screen
 *   (a person, or tmux in an end-to-end test), so live rendering stays on there.
 */
export function prepareTerminalApp(): void {
  process.env.NODE_ENV ??= 'production';
  if (process.stdout.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }
}
