/** The real binary in a real terminal: a tmux server per test file, one window per program run. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export interface Terminal {
  /** The folder programs start in. */
  work: string;
  /** Starts `args` of the binary in a fresh window of `size`; the window stays after it exits. */
  start(args: string[], size?: { columns: number; rows: number }): void;
  screen(): string;
  keys(...k: string[]): void;
  /** Types text as literal keys. */
  type(text: string): void;
  waitFor(predicate: (text: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Leaves a session's opening card with enter, once it shows. */
  begin(): Promise<void>;
  /** Whether the window's terminal hands keys over one by one (raw mode), rather than a line at a time with enter turned into a line feed. */
  readsKeys(): boolean;
  /** Whether the program in the window has switched to the terminal's alternate screen (a full-screen app has taken over). */
  fullScreen(): boolean;
  /** Closes the window as a person closes theirs: the program gets the terminal's hang-up (SIGHUP). */
  hangUp(): void;
  close(): void;
}

export function tmuxTerminal(bin: string, name: string): Terminal {
  const socket = `intentplay-${name}-${process.pid}`;
  const work = mkdtempSync(path.join(os.tmpdir(), `intentplay-${name}-`));
  const tmux = (...args: string[]) =>
    execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  let session = '';
  let started = 0;
  const t: Terminal = {
    work,
    start(args, size = { columns: 160, rows: 40 }) {
      // The previous window goes only once the new one exists: the server exits with its last session.
      const previous = session;
      session = `w-${++started}`;
      const cmd = [process.execPath, bin, ...args]
        .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
        .join(' ');
      tmux(
        'new-session',
        '-d',
        '-s',
        session,
        '-x',
        String(size.columns),
        '-y',
        String(size.rows),
        '-c',
        work,
        `env NO_COLOR=1 ${cmd}; echo "[exit $?]"; sleep 600`,
      );
      if (previous) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', previous]);
    },
    screen: () => tmux('capture-pane', '-p', '-t', session),
    keys: (...k) => void tmux('send-keys', '-t', session, ...k),
    type: (text) => void tmux('send-keys', '-t', session, '-l', text),
    async begin() {
      await t.waitFor((s) => s.includes('enter begins'), 'the opening card');
      t.keys('Enter');
    },
    async waitFor(predicate, what, timeoutMs = 60_000) {
      const t0 = Date.now();
      for (;;) {
        const text = t.screen();
        if (predicate(text)) return text;
        if (Date.now() - t0 > timeoutMs)
          throw new Error(`timed out waiting for ${what}; the screen shows:\n${text}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    readsKeys() {
      const tty = tmux('display-message', '-p', '-t', session, '#{pane_tty}').trim();
      return /(^|\s)-icanon(\s|$)/.test(
        execFileSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' }),
      );
    },
    fullScreen: () =>
      tmux('display-message', '-p', '-t', session, '#{alternate_on}').trim() === '1',
    hangUp() {
      spawnSync('tmux', ['-L', socket, 'kill-session', '-t', session]);
      session = '';
    },
    close() {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
      rmSync(work, { recursive: true, force: true });
    },
  };
  return t;
}
