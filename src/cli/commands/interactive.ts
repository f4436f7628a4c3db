/**
 * `intentplay` (home), `play`, `watch`, `replay`: the playground. A terminal gets the
 * full-screen TUI; a pipe or --plain gets the line-by-line transcript. Every session is
 * recorded, and the recordings' paths are printed at exit.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../scenario/diagnostics.ts';
import type { SessionRunResult } from '../../session/group.ts';
import { BUNDLED_LIBRARY, planRuns } from '../../session/plan.ts';
import { readRecording } from '../../session/recording.ts';
import { loadHomeData, libraryView } from '../../tui/home-data.ts';
import { createPlainPrinter } from '../../tui/plain.ts';
import type { AppProps } from '../../tui/App.tsx';
import type { HomeChoice } from '../../tui/screens/HomeScreen.tsx';
import type { SessionController } from '../../tui/session/controller.ts';
import { LiveSession, type LiveOptions } from '../../tui/session/live.ts';
import { ReplaySession } from '../../tui/session/replay-session.ts';
import { prepareTerminalApp } from '../terminal-app.ts';
import { addSessionOptions, sessionSetup, type SessionFlags } from '../options.ts';
import { staged, type StageFlags } from './stage.ts';

interface InteractiveFlags extends SessionFlags {
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
}

/** True when both ends are a terminal: the full-screen app can run. */
function interactiveTerminal(): boolean {
  return Boolean(process.stdout.isTTY && process.stdin.isTTY);
}

/** Loads the full-screen app on demand (nothing of Ink for pipes). */
async function runApp(props: AppProps): Promise<void> {
  prepareTerminalApp();
  const { runApp: run } = await import('../../tui/launch.tsx');
  await run(props);
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number of 0 or more, got ${JSON.stringify(value)}`);
  return n;
}

const recordingsOption = (cmd: Command) => cmd.option('--recordings <dir>', 'where recordings go', 'recordings');

export function registerInteractive(program: Command): void {
  recordingsOption(
    addSessionOptions(
      program
        .command('home', { isDefault: true })
        .description('the home screen: pick a scenario and a mode (what `intentplay` alone opens)')
        .option('--plain', 'list the library as text instead of opening the screen'),
    ),
  ).action((flags: InteractiveFlags) => home(flags));

  recordingsOption(
    addSessionOptions(
      program
        .command('play')
        .description('you are the user, with the hidden intents shown live (with --agent human: you are the agent)')
        .argument('<scenario>', 'scenario or episode file, or id')
        .option('--reveal-intents', 'when you play the agent: show the hidden intents and checklist')
        .option('--no-deps', 'only this scenario, without the sessions it depends on')
        .option('--no-overrides', 'no setting of intent statuses by hand (for user studies)'),
    ),
  ).action((target: string, flags: InteractiveFlags) => live('play', target, flags));

  recordingsOption(
    addSessionOptions(
      program
        .command('watch')
        .description('the agent and a simulated user converse; pause, step, change the pace, take over')
        .argument('<target>', 'scenario or episode file, folder, or id')
        .option('--delay <ms>', 'wait between agent turns (default 1000; 0 with --plain)', nonNegativeInt)
        .option('--paused', 'start paused (space runs, s steps one turn)')
        .option('--plain', 'print a line-by-line transcript instead of the screen (also when stdout is not a terminal)')
        .option('--vs <backend>', 'a second agent on the same scenario, side by side at the same pace (e.g. --agent script:reactive --vs script:proactive)')
        .option('--present', 'presentation mode: conversation and intents, large, paced by reading time, with callouts when the agent is proactive')
        .option('--no-deps', 'only this scenario, without the sessions it depends on'),
    ),
  ).action((target: string, flags: InteractiveFlags & StageFlags) => (flags.vs !== undefined || flags.present ? staged(target, flags, interactiveTerminal()) : live('watch', target, flags)));

  program
    .command('replay')
    .description('scrub a recording turn by turn, every pane restored')
    .argument('<recording>', 'a recording (.jsonl)')
    .option('--turn <n>', 'open at this turn (default: 0, the request that starts the session)', nonNegativeInt)
    .option('--plain', 'print the recording as a line-by-line transcript')
    .action((file: string, flags: InteractiveFlags) => replay(file, flags));
}

function modeFor(command: 'play' | 'watch', flags: SessionFlags): LiveOptions['mode'] {
  if (flags.agent === 'human') return 'agent';
  if (command === 'play' || flags.user === 'human') return 'play';
  return 'watch';
}

function printRecordings(files: readonly string[]): void {
  for (const f of files) process.stderr.write(`recording: ${path.relative(process.cwd(), f) || f}\n`);
}

async function live(command: 'play' | 'watch', target: string, flags: InteractiveFlags): Promise<void> {
  const mode = modeFor(command, flags);
  const setup = sessionSetup({ ...flags, ...(mode === 'agent' ? { agent: 'script' } : {}), ...(mode === 'play' ? { user: 'rules' } : {}) });
  const groups = planRuns([target], { noDeps: flags.deps === false, ...(flags.library ? { library: flags.library } : {}) });
  const plain = flags.plain || !interactiveTerminal();
  if (plain && mode !== 'watch') throw new UserError(`${mode === 'agent' ? 'playing the agent' : 'play'} needs an interactive terminal (stdin and stdout a TTY); \`watch\` works in a pipe`);
  if (setup.offlineNotice) process.stderr.write(setup.offlineNotice + '\n');
  const session = new LiveSession({
    groups,
    setup,
    mode,
    delayMs: flags.delay ?? (plain ? 0 : 1000),
    paused: Boolean(flags.paused) && !plain,
    revealIntents: Boolean(flags.revealIntents),
    overrides: flags.overrides !== false,
    recordingsDir: path.resolve(flags.recordings ?? 'recordings'),
    ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.workspace ? { workspaceDir: path.resolve(flags.workspace) } : {}),
    // A closed pipe (`| head`) stops the session: nobody reads it any more.
    ...(plain ? { onEvent: createPlainPrinter(process.stdout, { onClosed: () => session.quit() }) } : {}),
  });
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
async function finish(session: LiveSession): Promise<SessionRunResult[]> {
  const results = await session.done;
  printRecordings(session.control.getState().recordings);
  const error = session.control.getState().error;
  if (error) throw new UserError(error);
  if (results.some((r) => r.end === 'error' || r.end === 'judge_failed')) process.exitCode = 1;
  return results;
}

async function replay(file: string, flags: InteractiveFlags): Promise<void> {
  const recording = readRecording(file);
  if (flags.plain || !interactiveTerminal()) {
    const print = createPlainPrinter(process.stdout);
    for (const e of recording.events) print(e);
    if (!recording.complete) process.stderr.write(`${file}: the recording ends without session_end (the run was interrupted)\n`);
    return;
  }
  await runApp({ initial: new ReplaySession(recording, flags.turn) });
}

async function home(flags: InteractiveFlags): Promise<void> {
  const base = sessionSetup(flags);
  const recordingsDir = path.resolve(flags.recordings ?? 'recordings');
  const loadHome = () => loadHomeData({ bundled: BUNDLED_LIBRARY, library: flags.library, recordingsDir, config: base.config });
  if (flags.plain || !interactiveTerminal()) {
    process.stdout.write(homeText(flags.library));
    return;
  }
  const started: LiveSession[] = [];
  const start = (choice: HomeChoice): SessionController => {
    if (choice.mode === 'replay') return new ReplaySession(readRecording(choice.file));
    const mode = choice.mode;
    const setup = sessionSetup({
      ...flags,
      agent: mode === 'agent' ? 'script' : choice.backends.agent,
      user: mode === 'play' ? 'rules' : choice.backends.user,
      judge: choice.backends.judge,
    });
    const session = new LiveSession({
      groups: planRuns([choice.target], { library: choice.library }),
      setup,
      mode,
      recordingsDir,
      ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
    });
    started.push(session);
    return session;
  };
  await runApp({ loadHome, start, notice: base.offlineNotice });
  for (const s of started) s.quit();
  await Promise.all(started.map((s) => s.done.catch(() => [])));
  printRecordings(started.flatMap((s) => s.control.getState().recordings));
}

/** The home screen as text, for a pipe. */
function homeText(library: string | undefined): string {
  const views = [...(library ? [libraryView(path.resolve(library), path.basename(path.resolve(library)))] : []), libraryView(BUNDLED_LIBRARY, 'bundled')];
  const out: string[] = [];
  for (const v of views) {
    if (!v.personas.length && !v.problem) continue;
    out.push(`${v.label} library: ${v.root}${v.problem ? ` (${v.problem})` : ''}`);
    for (const p of v.personas) {
      out.push(`  ${p.id}${p.name ? `  ${p.name}` : ''}${p.role ? ` — ${p.role}` : ''}`);
      for (const e of p.entries)
        out.push(
          e.kind === 'episode'
            ? `    episode ${e.id}: ${e.sessions.join(' → ')}`
            : `    ${e.id}  ${e.title}  (${e.intents} intents, ${e.checklist} checklist items${e.dependsOn.length ? `, after ${e.dependsOn.join(', ')}` : ''})`,
        );
    }
  }
  if (!out.length) out.push('No library found: pass --library DIR.');
  out.push('', 'Run `intentplay play SCENARIO`, `intentplay watch SCENARIO|EPISODE` or `intentplay replay FILE` in a terminal.');
  return out.join('\n') + '\n';
}
