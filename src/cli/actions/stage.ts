/**
 * `watch --vs BACKEND` and `watch --present`: live sessions staged for an audience. A
 * terminal gets the full screen; a pipe gets the transcript (each line marked A or B side
 * by side, and the callouts with --present).
 */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import type { TimedEvent } from '../../contracts/events.ts';
import { planRuns } from '../../session/plan.ts';
import { calloutReader } from '../../share/callouts.ts';
import { fmtBackend } from '../../text/format.ts';
import { createPlainFormatter, plainColor } from '../../tui/plain.ts';
import { modeSpecs } from '../../tui/session/live-options.ts';
import { Stage } from '../../tui/session/stage.ts';
import { sessionSetup, type SessionFlags } from '../../session/setup.ts';
import { prepareTerminalApp } from '../terminal-app.ts';

export interface StageFlags extends SessionFlags {
  /** --no-deps: the scenario alone, without its dependency chain. */
  deps?: boolean;
  vs?: string;
  present?: boolean;
  plain?: boolean;
  delay?: number;
  paused?: boolean;
  recordings?: string;
}

export async function staged(
  target: string,
  flags: StageFlags,
  interactive: boolean,
): Promise<void> {
  if (flags.vs !== undefined && flags.present)
    throw new UserError('--vs and --present are separate screens: pick one');
  const first = sessionSetup(flags);
  const sides = [
    {
      label:
        flags.vs !== undefined
          ? 'A'
          : fmtBackend({
              kind: first.specs.agent.kind,
              ...(first.specs.agent.name ? { name: first.specs.agent.name } : {}),
            }),
      setup: first,
    },
  ];
  if (flags.vs !== undefined)
    sides.push({ label: 'B', setup: sessionSetup({ ...flags, agent: flags.vs }) });
  // Both sides run by themselves: check that before either starts.
  for (const side of sides) modeSpecs('watch', side.setup.specs);
  const plain = flags.plain || !interactive;
  if (first.offlineNotice) process.stderr.write(first.offlineNotice + '\n');
  const format = createPlainFormatter({ color: plainColor(process.stdout) });
  // One reader per side: each side's callouts depend on that side's earlier events.
  const readers = sides.map(() => calloutReader());
  const onEvent = (side: number, e: TimedEvent) => {
    const mark = sides.length > 1 ? `${sides[side]!.label} │ ` : '';
    const callout = flags.present ? readers[side]!(e) : null;
    const lines = [...format(e), ...(callout ? [`★ ${callout.text}`] : [])];
    // A message of several lines: every line gets its side's mark.
    if (lines.length)
      process.stdout.write(
        lines
          .flatMap((l) => l.split('\n'))
          .map((l) => mark + l)
          .join('\n') + '\n',
      );
  };
  const stage = new Stage({
    groups: planRuns([target], {
      noDeps: flags.deps === false,
      ...(flags.library ? { library: flags.library } : {}),
    }),
    sides,
    // A pipe runs at full speed; the screen paces by reading time unless --delay says otherwise.
    delayMs: plain ? 0 : (flags.delay ?? (flags.present ? undefined : 1000)),
    paused: Boolean(flags.paused) && !plain,
    recordingsDir: path.resolve(flags.recordings ?? 'recordings'),
    maxTurns: flags.maxTurns,
    ...(plain ? { onEvent } : {}),
  });
  if (plain) {
    const stop = () => stage.quit();
    process.once('SIGINT', stop);
    await stage.done.finally(() => process.off('SIGINT', stop));
  } else {
    prepareTerminalApp();
    const [{ runScreenOf }, { StageScreen }] = await Promise.all([
      import('../../tui/launch.tsx'),
      import('../../tui/screens/StageScreen.tsx'),
    ]);
    await runScreenOf(StageScreen, { stage });
    stage.quit();
    await stage.done;
  }

  for (const side of stage.sides) {
    const c = side.session.control.getState();
    for (const f of c.recordings)
      process.stderr.write(`recording: ${path.relative(process.cwd(), f) || f}\n`);
    if (c.error) throw new UserError(c.error);
    const s = side.session.store.getState().session;
    if (sides.length > 1)
      process.stderr.write(
        `${side.label} ${fmtBackend(s.scenario?.backends.agent)}: ${s.end?.end ?? 'not finished'} · Proc ${s.scores ? s.scores.proc.toFixed(2) : '–'} · Comp ${s.scores?.comp != null ? s.scores.comp.toFixed(2) : '–'}\n`,
      );
  }
  // A side forked with `f` went on in its fork: named (and its error said) after the stage's.
  if (stage.forks.length) await (await import('./interactive.ts')).finishForks(stage.forks);
}
