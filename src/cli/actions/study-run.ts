/** `intentplay study run STUDY --participant ID`: the participant's path, full screen, resumable. */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { loadStudy } from '../../study/load.ts';
import { defaultDataDir } from '../../study/participant.ts';
import { runScreenOf } from '../../tui/launch.tsx';
import { StudyApp } from '../../tui/screens/study/StudyApp.tsx';
import { StudyRunner } from '../../tui/session/study-runner.ts';
import { interactiveTerminal } from '../terminal-app.ts';
import type { StudyFlags } from './study.ts';

export async function runStudyApp(file: string, flags: StudyFlags): Promise<void> {
  const study = loadStudy(file);
  if (!interactiveTerminal())
    throw new UserError('study run needs an interactive terminal (stdin and stdout a TTY)');
  const dataDir = flags.out ? path.resolve(flags.out) : defaultDataDir(study);
  const id = flags.participant!;
  const runner = new StudyRunner(study, dataDir, id);
  await runScreenOf(StudyApp, { runner });
  const { over, error, step } = runner.store.getState();
  const where = path.relative(process.cwd(), dataDir) || '.';
  if (over === 'finished')
    process.stdout.write(
      `${id} finished the study; their data is in ${where}/participants/${id}\n`,
    );
  else if (over === 'excluded')
    process.stdout.write(
      `${id} was screened out by the study's checks; their answers so far are in ${where}/participants/${id}\n`,
    );
  else if (over === 'declined') process.stdout.write(`${id} did not consent: nothing was kept\n`);
  else if (over === 'withdrawn')
    process.stdout.write(
      `${id} was withdrawn while taking part: their run stopped, nothing more was written\n`,
    );
  else if (over === 'left')
    process.stdout.write(`${id} left at the consent page: nothing was kept\n`);
  else {
    const at =
      step.kind === 'session' || step.kind === 'ready' || step.kind === 'questionnaire'
        ? `${step.kind} ${step.session + 1}`
        : step.kind;
    process.stdout.write(`${id} stopped at ${at}; run the same command again to resume there\n`);
    if (error) throw new UserError(error);
    process.exitCode = 130;
  }
}
