/**
 * `intentplay serve --study STUDY` and `intentplay study invite STUDY --count N` (docs/study.md,
 * "Online participants"): the declarations only; the actions load when they run.
 */
import type { Command } from 'commander';
import { positiveInt } from '../options.ts';
import { addListenOptions } from './interactive.ts';

const actions = () => import('../actions/serve-study.ts');

export interface ServeStudyFlags {
  study: string;
  data?: string;
  open?: number;
  completionCode?: string;
  returnUrl?: string;
  grace?: number;
  host?: string;
  port?: number;
  publicUrl?: string;
}

export function registerServe(program: Command): void {
  addListenOptions(
    program
      .command('serve')
      .description(
        "a user study in participants' browsers: each opens a personal link (study invite) or the open link",
      )
      .requiredOption('--study <study>', 'the study file (study.yaml)')
      .option('--data <dir>', 'the study data folder (default: STUDY-data beside the study file)')
      .option(
        '--open <n>',
        'also print an open link that enrols the next participant id, for up to N people',
        positiveInt,
      )
      .option(
        '--completion-code <code>',
        "one code for everyone, shown with the debrief at the end (a study file's completion_code gives each their own instead)",
      )
      .option(
        '--return-url <url>',
        "online panels: the address the last page links back to (Prolific's completion URL); {code} in it becomes the participant's completion code",
      )
      .option(
        '--grace <seconds>',
        'how long a participant who left keeps their screen before the run stops (default 120)',
        positiveInt,
      ),
  ).action(async (flags: ServeStudyFlags) => (await actions()).serveStudy(flags));

  const study = program.commands.find((c) => c.name() === 'study');
  study
    ?.command('invite')
    .description('make personal links for new participants (ids P01, P02, …) for `serve --study`')
    .argument('<study>', 'a study file (study.yaml)')
    .requiredOption('--count <n>', 'how many participants to invite', positiveInt)
    .option('--data <dir>', 'the study data folder (default: STUDY-data beside the study file)')
    .option(
      '--public-url <url>',
      'print whole links starting with this address (where people will open them)',
    )
    .action(async (file: string, flags: { count: number; data?: string; publicUrl?: string }) =>
      (await actions()).inviteParticipants(file, flags),
    );
}
