/** `intentplay agreement ANNOTATIONS... [--judge PATH] [--format text|md|json] [--seed S]`: how far annotators and the judge agree. */
import type { Command } from 'commander';
import type { AgreementFlags } from '../actions/agreement.ts';
import { nonNegativeInt, positiveInt } from '../options.ts';

/** A whole number ≥ 0 (a seed). */
export const seedInt = nonNegativeInt;

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerAgreement(program: Command): void {
  program
    .command('agreement')
    .description(
      "agreement among annotators (percent, Cohen's / Fleiss' κ, Krippendorff's α) and between the judge and their majority vote (accuracy, κ, confusion, π-Bench's disagreement rate), with bootstrap 95% intervals",
    )
    .argument(
      '<annotations...>',
      'annotation files (.jsonl, from `intentplay annotate`), or folders of them (a recordings or results folder: the annotations/ in it)',
    )
    .option(
      '--judge <path>',
      "where the judge's labels come from: recordings, folders of them or results folders, matched to the annotations by content (default: the recordings the annotations name); repeatable",
      collect,
    )
    .option('--format <format>', 'text | md | json', 'text')
    .option('--seed <n>', 'seed of the bootstrap resampling', seedInt, 0)
    .option('--resamples <n>', 'bootstrap resamples', positiveInt, 1000)
    .action(async (files: string[], flags: AgreementFlags) =>
      (await import('../actions/agreement.ts')).agreementCommand(files, flags),
    );
}
