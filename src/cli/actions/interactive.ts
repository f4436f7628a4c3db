/**
 * What `intentplay` (home), `play`, `watch` and `replay` do: the playground. A terminal gets the
 * full-screen TUI; a pipe or --plain gets the line-by-line transcript. Every session is
 * recorded, and the recordings' paths are printed at exit.
 */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import type { SessionRunResult } from '../../session/group.ts';
import { planRuns } from '../../session/plan.ts';
import { interruptedNote, readRecording } from '../../session/recording.ts';
import { createPlainPrinter } from '../../tui/plain.ts';
import { LiveSession } from '../../tui/session/live.ts';
import { modeSpecs, type LiveOptions } from '../../tui/session/live-options.ts';
import { ReplaySession } from '../../tui/session/replay-session.ts';
import { interactiveTerminal, printRecordings, runApp } from '../terminal-app.ts';
import { offlineNoticeFor, sessionSetup, type SessionFlags } from '../../session/setup.ts';

export interface InteractiveFlags extends SessionFlags {
  plain?: boolean;
  recordings?: string;
  delay?: number;
  paused?: boolean;
  revealIntents?: boolean;
  turn?: number;
  /** Commander's --no-deps: false runs the scenario alone, without its dependency chain. */
  deps?: boolean;
  /** Commander's --no-overrides: false forbids setting intent statuses by hand (a user study). */
  overrides?: boolean;
  /** Serve the screen to browsers (docs/tui.md, "In a browser"). */
  serve?: boolean;
  host?: string;
  port?: number;
  publicUrl?: string;
  size?: string;
}

function modeFor(command: 'play' | 'watch', flags: SessionFlags): LiveOptions['mode'] {
  if (flags.agent === 'human') return 'agent';
  if (command === 'play' || flags.user === 'human') return 'play';
  return 'watch';
}

/** The live session `play` or `watch` runs; `plain` when no screen shows it (no pace, no cards, no questions). */
export function liveSession(
  command: 'play' | 'watch',
  target: string,
  flags: InteractiveFlags,
  plain: boolean,
) {
  const mode = modeFor(command, flags);
  const setup = sessionSetup({
    ...flags,
    ...(mode === 'agent' ? { agent: 'script' } : {}),
    ...(mode === 'play' ? { user: 'rules' } : {}),
  });
  const groups = planRuns([target], {
    noDeps: flags.deps === false,
    ...(flags.library ? { library: flags.library } : {}),
  });
  if (plain && mode !== 'watch')
    throw new UserError(
      `${mode === 'agent' ? 'playing the agent' : 'play'} needs an interactive terminal (stdin and stdout a TTY); \`watch\` works in a pipe`,
    );
  if (setup.offlineNotice)
    process.stderr.write(offlineNoticeFor(modeSpecs(mode, setup.specs)) + '\n');
  const session: LiveSession = new LiveSession({
    groups,
    setup,
    mode,
    delayMs: flags.delay ?? (plain ? 0 : 1000),
    paused: Boolean(flags.paused) && !plain,
    openingCard: !plain,
    askPermissions: !plain,
    revealIntents: Boolean(flags.revealIntents),
    overrides: flags.overrides !== false,
    recordingsDir: path.resolve(flags.recordings ?? 'recordings'),
    ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.workspace ? { workspaceDir: path.resolve(flags.workspace) } : {}),
    // A closed pipe (`| head`) stops the session: nobody reads it any more.
    ...(plain
      ? { onEvent: createPlainPrinter(process.stdout, { onClosed: () => session.quit() }) }
      : {}),
  });
  return { session, mode, groups };
}

export async function live(
  command: 'play' | 'watch',
  target: string,
  flags: InteractiveFlags,
): Promise<void> {
  if (flags.serve) return (await import('./serve.ts')).serveLive(command, target, flags);
  const plain = flags.plain || !interactiveTerminal();
  const { session } = liveSession(command, target, flags, plain);
  if (plain) {
    let interrupted = false;
    const stop = () => {
      interrupted = true;
      session.quit();
    };
    process.once('SIGINT', stop);
    try {
      await finish(session);
    } finally {
      process.off('SIGINT', stop);
    }
    if (interrupted) process.exitCode = 130; // as `run`: stopped by Ctrl-C, not finished
    return;
  }
  await runApp({ initial: session });
  session.quit();
  await finish(session);
}

/** Waits for a live session to wind down, prints its recordings, and fails on an error it stopped with. */
export async function finish(session: LiveSession): Promise<SessionRunResult[]> {
  const results = await session.done;
  printRecordings(session.control.getState().recordings);
  // A paused watch forked with `f` goes on in its forks.
  for (const fork of session.forks) results.push(...(await finish(fork)));
  const error = session.control.getState().error;
  if (error) throw new UserError(error);
  if (results.some((r) => r.end === 'error' || r.end === 'judge_failed')) process.exitCode = 1;
  return results;
}

export async function replay(
  file: string,
  flags: InteractiveFlags & { vs?: string },
): Promise<void> {
  const recording = readRecording(file);
  if (flags.vs !== undefined)
    return finishForks(await (await import('./fork.ts')).replayVersus(recording, flags));
  if (flags.plain || !interactiveTerminal()) {
    const print = createPlainPrinter(process.stdout);
    for (const e of recording.events) print(e);
    if (!recording.complete) process.stderr.write(`${interruptedNote(file)}\n`);
    // Its branches (the forks made from it) and where it came from, if it is a fork.
    const { branchTree, lineageOf } = await import('../../fork/branches.ts');
    const tree = branchTree(lineageOf(file), file);
    if (tree.length) process.stdout.write(`\nbranches:\n${tree.map((l) => `  ${l}\n`).join('')}`);
    return;
  }
  // `f` forks the replay: each fork is a live session, stopped and its recording named at exit.
  const forks: LiveSession[] = [];
  const { forkLive } = await import('./fork.ts');
  const forkWith = (from: string, turn: number) => {
    const session = forkLive(from, turn, flags);
    forks.push(session);
    return session;
  };
  await runApp({ initial: new ReplaySession(recording, flags.turn, forkWith) });
  await finishForks(forks);
}

/** After a screen that forked (`f`): stops its forks, names their recordings, fails on their errors. */
export async function finishForks(forks: readonly LiveSession[]): Promise<void> {
  for (const session of forks) session.quit();
  for (const session of forks) await finish(session);
}
