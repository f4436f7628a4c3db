/**
 * What `intentplay` alone (the home screen) does. It draws from the home screen's cached view
 * of the libraries; a session's code (the loader, the engine) loads only when one starts.
 */
import path from 'node:path';
import { PACKAGE_ROOT as BUNDLED_LIBRARY } from '../../config/package-info.ts';
import { resolveConfigOnDemand } from '../../config/resolve.ts';
import { setupFrom } from '../../session/setup-from.ts';
import { homeWhileLoading, loadHomeData, libraryView } from '../../tui/home-data.ts';
import type { HomeChoice } from '../../tui/screens/home/modes.ts';
import type { SessionController } from '../../tui/session/controller.ts';
import type { LiveSession } from '../../tui/session/live.ts';
import { interactiveTerminal, printRecordings, runApp } from '../terminal-app.ts';
import type { InteractiveFlags } from './interactive.ts';

export async function home(flags: InteractiveFlags): Promise<void> {
  const base = setupFrom(flags, await resolveConfigOnDemand(flags));
  const recordingsDir = path.resolve(flags.recordings ?? 'recordings');
  const loadHome = () =>
    loadHomeData({
      bundled: BUNDLED_LIBRARY,
      library: flags.library,
      recordingsDir,
      config: base.config,
    });
  if (flags.plain || !interactiveTerminal()) {
    process.stdout.write(await homeText(flags.library));
    return;
  }
  const started: LiveSession[] = [];
  // A session's code loads when one starts: the home screen draws without it.
  const start = async (choice: HomeChoice): Promise<SessionController> => {
    const [{ planRuns }, { LiveSession }, { ReplaySession }, { readRecording }] = await Promise.all(
      [
        import('../../session/plan.ts'),
        import('../../tui/session/live.ts'),
        import('../../tui/session/replay-session.ts'),
        import('../../session/recording.ts'),
      ],
    );
    if (choice.mode === 'replay') {
      // `f` forks the replay into a live session (docs/explore.md).
      const { forkLive } = await import('./fork.ts');
      return new ReplaySession(readRecording(choice.file), undefined, (file, turn) => {
        const session = forkLive(file, turn, flags);
        started.push(session);
        return session;
      });
    }
    const mode = choice.mode;
    // The configuration was resolved at start; only the backends differ per choice.
    const setup = setupFrom(
      {
        ...flags,
        agent: mode === 'agent' ? 'script' : choice.backends.agent,
        user: mode === 'play' ? 'rules' : choice.backends.user,
        judge: choice.backends.judge,
      },
      base.config,
    );
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
  await runApp({
    loadHome,
    homeWhileLoading: homeWhileLoading(base.config),
    start,
    notice: base.offlineNotice,
  });
  for (const s of started) s.quit();
  await Promise.all(started.map((s) => s.done.catch(() => [])));
  printRecordings(started.flatMap((s) => s.control.getState().recordings));
}

/** The home screen as text, for a pipe. */
async function homeText(library: string | undefined): Promise<string> {
  const views = [
    ...(library
      ? [await libraryView(path.resolve(library), path.basename(path.resolve(library)))]
      : []),
    await libraryView(BUNDLED_LIBRARY, 'bundled'),
  ];
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
  out.push(
    '',
    'Run `intentplay play SCENARIO`, `intentplay watch SCENARIO|EPISODE` or `intentplay replay FILE` in a terminal.',
  );
  return out.join('\n') + '\n';
}
