/** What `intentplay fork RECORDING --turn N` does (docs/explore.md). */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { loadForkSource } from '../../fork/source.ts';
import { runFork } from '../../fork/run.ts';
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
  const { file: out, result } = await runFork(source, {
    specs: setup.specs,
    config: setup.config,
    ...(flags.editUser !== undefined ? { editUser: flags.editUser } : {}),
    ...(flags.out ? { out: flags.out } : {}),
  });
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
