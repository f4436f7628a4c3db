/** `watch --serve` and `play --serve` (docs/tui.md, "In a browser"): the live session's screen in browsers. */
import { UserError } from '../../contracts/diagnostics.ts';
import type { CellSize } from '../../serve/hosted-screen.tsx';
import type { ServeAddress } from '../../serve/live.tsx';
import { finish, liveSession, type InteractiveFlags } from './interactive.ts';
import { interactiveTerminal } from '../terminal-app.ts';

/** Before Ink loads: it draws nothing live under CI=true, and the browsers need every frame. */
export function prepareServe(): void {
  const env = process.env;
  env.NODE_ENV ??= 'production';
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
}

export function parseSize(value: string | undefined): CellSize | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)x(\d+)$/.exec(value);
  const size = match ? { cols: Number(match[1]), rows: Number(match[2]) } : undefined;
  if (!size || size.cols < 80 || size.rows < 24 || size.cols > 400 || size.rows > 200)
    throw new UserError(`--size ${value}: expected COLSxROWS, from 80x24 to 400x200 (e.g. 120x36)`);
  return size;
}

export function serveAddress(flags: {
  host?: string;
  port?: number;
  publicUrl?: string;
}): ServeAddress {
  const host = flags.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    process.stderr.write(
      `serving on ${host}: anyone who can reach it and has a link can open the page; put it behind a TLS reverse proxy (docs/tui.md)\n`,
    );
  if (flags.publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(flags.publicUrl))
    throw new UserError(
      `--public-url ${flags.publicUrl}: expected the address people open, e.g. https://study.example.org`,
    );
  return {
    host,
    port: flags.port ?? 0,
    ...(flags.publicUrl ? { publicUrl: flags.publicUrl } : {}),
  };
}

/**
 * Resolves on ctrl+c (SIGINT) or SIGTERM. The listeners stay until dispose(): Ink's exit hook
 * re-raises a signal that nobody else listens to, which would end the process mid-way.
 */
export function untilStopped(): { stopped: Promise<void>; dispose: () => void } {
  let dispose = () => undefined as void;
  const stopped = new Promise<void>((resolve) => {
    const on = () => resolve();
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
    dispose = () => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
    };
  });
  return { stopped, dispose };
}

const localSize = (): CellSize => ({
  cols: Math.max(80, process.stdout.columns || 120),
  rows: Math.max(24, process.stdout.rows || 36),
});

export async function serveLive(
  command: 'play' | 'watch',
  target: string,
  flags: InteractiveFlags,
): Promise<void> {
  if (flags.plain) throw new UserError('--serve shows the screen in browsers: drop --plain');
  if (flags.agent === 'human')
    throw new UserError('--serve: a remote person can play the user (play --serve), not the agent');
  const fixedSize = parseSize(flags.size);
  const address = serveAddress(flags);
  prepareServe();
  const local = interactiveTerminal();
  if (flags.paused && !local)
    throw new UserError(
      '--paused: with no terminal here, nobody could start the watch; drop --paused',
    );
  // A watch waits (paused) until the audience's link is up (on a terminal: until the operator,
  // who has read it, presses enter), so nobody misses its start.
  const holdWatch = command === 'watch' && !flags.paused;
  const { session, groups } = liveSession(
    command,
    target,
    holdWatch ? { ...flags, paused: true } : flags,
    false,
  );
  const title = groups[0]?.sessions[0]?.title ?? target;
  const { serveAudience, servePlayer } = await import('../../serve/live.tsx');
  const signal = untilStopped();
  try {
    if (command === 'watch') {
      const served = await serveAudience(
        session,
        `Watching: ${title}`,
        fixedSize ?? (local ? localSize() : { cols: 120, rows: 36 }),
        address,
      );
      process.stderr.write(`watch: the audience's link (read-only): ${served.link}\n`);
      if (local) {
        // The watch's screen covers this terminal: the link stays readable until enter.
        const { holdTheLink } = await import('./serve-link.ts');
        const { runApp } = await import('../terminal-app.ts');
        if (await holdTheLink('starts the watch here')) {
          if (holdWatch) session.togglePause();
          await runApp({ initial: session });
        }
      } else {
        if (holdWatch) session.togglePause();
        await Promise.race([session.done, signal.stopped]);
        if (session.control.getState().running) session.quit();
        else {
          process.stderr.write(
            'watch: the session has ended; the audience still sees its last screen (ctrl+c stops serving)\n',
          );
          await signal.stopped;
        }
      }
      session.quit();
      served.door.endAll('The session is over: thank you for watching.');
      await served.close();
    } else {
      const { playServed } = await import('./serve-play.ts');
      await playServed(
        session,
        title,
        address,
        local ? localSize() : undefined,
        signal.stopped,
        servePlayer,
      );
    }
  } finally {
    signal.dispose();
  }
  await finish(session);
}
