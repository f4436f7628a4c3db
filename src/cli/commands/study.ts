/**
 * `intentplay study validate|run|withdraw|export|report`: user studies (docs/study.md). The
 * declarations only; each action loads when it runs.
 */
import type { Command } from 'commander';
import type { StudyFlags } from '../actions/study.ts';

const actions = () => import('../actions/study.ts');
const dataOption = (cmd: Command) =>
  cmd.option(
    '--data <dir>',
    'the study data folder `study run` wrote (default: STUDY-data beside the study file)',
  );

export function registerStudy(program: Command): void {
  const study = program
    .command('study')
    .description(
      'user studies: participants, counterbalanced conditions, questionnaires, export and report',
    );

  study
    .command('validate')
    .description(
      'check a study file (located errors) and show who plays what for the first participants',
    )
    .argument('<study>', 'a study file (study.yaml)')
    .option(
      '--participants <n>',
      'how many participants to show the assignment for (default: one complete Latin square)',
    )
    .action(async (file: string, flags: StudyFlags) =>
      (await actions()).validateStudy(file, flags),
    );

  study
    .command('run')
    .description(
      "a participant's path: consent, instructions, each session with its questionnaire, the final questionnaire (resumes where it stopped)",
    )
    .argument('<study>', 'a study file (study.yaml)')
    .requiredOption('--participant <id>', 'the participant code (e.g. P01; never a name)')
    .option('--out <dir>', 'the study data folder (default: STUDY-data beside the study file)')
    .action(async (file: string, flags: StudyFlags) => (await actions()).runStudy(file, flags));

  dataOption(
    study
      .command('withdraw')
      .description("delete a participant's data (state, log, recordings) and list what was deleted")
      .argument('<study>', 'a study file (study.yaml)')
      .argument('<participant>', 'the participant code')
      .option('--yes', 'delete without asking (it asks on a terminal, and refuses without one)'),
  ).action(async (file: string, id: string, flags: StudyFlags) =>
    (await actions()).withdraw(file, id, flags),
  );

  dataOption(
    study
      .command('status')
      .description(
        "for the operator: each participant's step and last activity, and the recruitment (CONSORT) counts",
      )
      .argument('<study>', 'a study file (study.yaml)'),
  ).action(async (file: string, flags: StudyFlags) => (await actions()).status(file, flags));

  dataOption(
    study
      .command('export')
      .description(
        'tidy CSV files (participants, sessions, turns, intents, checklist, answers, timings, pauses, exposure) with a codebook and a sha256 manifest',
      )
      .argument('<study>', 'a study file (study.yaml)')
      .requiredOption('--out <dir>', 'where the CSV files go')
      .option(
        '--anonymise',
        "the variant for sharing: codes re-keyed, times in seconds from each participant's consent, free text withheld",
      )
      .option(
        '--version <sha|all>',
        'the version of the study file to export when the data holds others (a sha256 prefix), or all',
      ),
  ).action(async (file: string, flags: StudyFlags) => (await actions()).exportStudy(file, flags));

  dataOption(
    study
      .command('report')
      .description(
        'descriptives per condition (Proc, Comp, turns, time, SUS, raw TLX) with seeded bootstrap 95% intervals',
      )
      .argument('<study>', 'a study file (study.yaml)')
      .option('--format <format>', 'text | md | html', 'text')
      .option(
        '--version <sha>',
        'the version of the study file to report when the data holds others (a sha256 prefix)',
      )
      .option('--out <file>', 'write here (default: standard output)'),
  ).action(async (file: string, flags: StudyFlags) => (await actions()).reportStudy(file, flags));
}
