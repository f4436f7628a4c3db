/** `intentplay annotate RECORDING... --annotator NAME [--out DIR] [--sample N --seed S --per-item K --annotators LIST]`: label sessions by hand. */
import type { Command } from 'commander';
import type { AnnotateFlags } from '../actions/annotate.ts';
import { positiveInt } from '../options.ts';
import { seedInt } from './agreement.ts';

const names = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function registerAnnotate(program: Command): void {
  program
    .command('annotate')
    .description(
      "label finished sessions by hand, blind to the judge: each hidden intent's status and each checklist item's verdict, with a reason; answers are saved as you go, and running it again resumes",
    )
    .argument('<recordings...>', 'recordings (.jsonl), folders of them, or results folders')
    .requiredOption('--annotator <name>', 'who is annotating (names the answers file)')
    .option(
      '--out <dir>',
      'where the answers go: DIR/<annotator>.jsonl (default: an annotations/ folder beside the first recording)',
    )
    .option(
      '--sample <n>',
      'annotate a seeded sample of N sessions, balanced across scenarios',
      positiveInt,
    )
    .option('--seed <n>', 'seed of the sample', seedInt, 0)
    .option(
      '--per-item <k>',
      'give each sampled session to K of the --annotators, balancing the load',
      positiveInt,
    )
    .option(
      '--annotators <names>',
      'everyone annotating, comma-separated (with --per-item); each runs the same command with their own --annotator',
      names,
    )
    .action(async (files: string[], flags: AnnotateFlags) =>
      (await import('../actions/annotate.ts')).annotateCommand(files, flags),
    );
}
