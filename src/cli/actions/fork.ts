/** What `intentplay fork RECORDING --turn N` does (docs/explore.md). */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { loadForkSource } from '../../fork/source.ts';
import { forkFileName, runFork } from '../../fork/run.ts';
import { LiveSession } from '../../tui/session/live.ts';
import type { LiveOptions } from '../../tui/session/live-options.ts';
import { forkPoint } from '../../fork/branches.ts';
import { readRecording, type Recording } from '../../session/recording.ts';
import { interactiveTerminal, prepareTerminalApp } from '../terminal-app.ts';
import { sessionSetup, type SessionFlags } from '../../session/setup.ts';
import { fmtScore } from '../../text/format.ts';

export interface ForkFlags extends SessionFlags {
  turn: number;
  editUser?: string;
  out?: string;
  json?: boolean;
}

export async function forkCommand(file: string, flags: ForkFlags): Promise<void> {
  const source = loadForkSource(file, flags.turn, flags.library);
  const parent = source.parent.header.backends;
  // What the flags do not name plays as in the parent (its own backends), not the defaults.
  const setup = sessionSetup({
    ...flags,
    agent: flags.agent ?? specText(parent.agent),
    user: flags.user ?? specText(parent.user),
    judge: flags.judge ?? specText(parent.judge),
  });
  for (const role of ['agent', 'user'] as const)
    if (setup.specs[role].kind === 'human')
      throw new UserError(
        `--${role} human needs the interactive terminal: press f in \`intentplay replay\` to play a seat, or give --${role} another backend`,
      );
  const {
    file: out,
    result,
    warning,
  } = await runFork(source, {
    specs: setup.specs,
    config: setup.config,
    ...(flags.editUser !== undefined ? { editUser: flags.editUser } : {}),
    ...(flags.out ? { out: flags.out } : {}),
  });
  if (warning) process.stderr.write(`intentplay fork: ${warning}\n`);
  const s = result.scores;
  if (flags.json) {
    process.stdout.write(
      JSON.stringify({
        recording: out,
        parent: path.resolve(file),
        turn: flags.turn,
        end: result.end,
        turns: s.turns,
        scores: s,
      }) + '\n',
    );
    return;
  }
  process.stdout.write(
    `forked ${path.basename(file)} at turn ${flags.turn} → ${out}\n` +
      `end ${result.end}${result.message ? ` (${result.message})` : ''}, ${s.turns} turns, Proc ${fmtScore(s.proc)}, Comp ${fmtScore(s.comp)}\n`,
  );
}

function specText(info: { kind: string; name?: string }): string {
  return info.name ? `${info.kind}:${info.name}` : info.kind;
}

/**
 * `f` in replay: the live session that goes on from the end of `turn`. The replay's flags give
 * the seats: `--agent human` (you play the agent), `--user` another backend (you watch), else you
 * play the user; a role the flags do not name plays as in the parent (a person's seat in the
 * parent goes to the offline backend).
 */
export function forkLive(file: string, turn: number, flags: SessionFlags): LiveSession {
  const source = loadForkSource(file, turn, flags.library);
  const parent = source.parent.header.backends;
  const seat = (role: 'agent' | 'user', offline: string) =>
    flags[role] ?? (parent[role].kind === 'human' ? offline : specText(parent[role]));
  let mode: LiveOptions['mode'] = 'play';
  if (flags.agent === 'human') mode = 'agent';
  else if (flags.user && flags.user !== 'human') mode = 'watch';
  const setup = sessionSetup({
    ...flags,
    agent: mode === 'agent' ? 'script' : seat('agent', 'script'),
    user: mode === 'watch' ? seat('user', 'rules') : 'rules',
    judge: flags.judge ?? specText(parent.judge),
  });
  return new LiveSession({
    groups: [],
    setup,
    mode,
    openingCard: false,
    fork: { source, file: forkFileName(source.parent.file, turn) },
  });
}

/**
 * `replay A --vs B`: side by side turn by turn; a fork beside its parent opens at the fork turn.
 * Returns the live sessions `f` started, for the caller to finish.
 */
export async function replayVersus(
  recording: Recording,
  flags: SessionFlags & { vs?: string; turn?: number },
): Promise<LiveSession[]> {
  const other = readRecording(flags.vs!);
  if (other.header.scenario !== recording.header.scenario)
    throw new UserError(
      `--vs ${flags.vs}: a session of ${other.header.scenario}, not ${recording.header.scenario}; --vs compares two sessions of one scenario`,
    );
  if (!interactiveTerminal())
    throw new UserError('replay --vs needs an interactive terminal (or export --format html --vs)');
  const point = forkPoint(recording, other);
  const fork = point ? `fork at turn ${point.turn}` : 'A';
  const labels = point?.fork === 'b' ? ['parent', fork] : [fork, point ? 'parent' : 'B'];
  prepareTerminalApp();
  const [{ runScreenOf }, { ReplayVersusScreen }] = await Promise.all([
    import('../../tui/launch.tsx'),
    import('../../tui/screens/ReplayVersusScreen.tsx'),
  ]);
  // `f` forks a side: a live session, stopped and its recording named at exit.
  const forks: LiveSession[] = [];
  await runScreenOf(ReplayVersusScreen, {
    sides: [
      { label: labels[0]!, recording },
      { label: labels[1]!, recording: other },
    ],
    start: flags.turn ?? point?.turn ?? 0,
    forkWith: (from, turn) => {
      const session = forkLive(from, turn, flags);
      forks.push(session);
      return session;
    },
  });
  return forks;
}
