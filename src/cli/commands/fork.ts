/** `intentplay fork RECORDING --turn N`: continue a recording from the end of one of its turns. */
import type { Command } from 'commander';
import type { ForkFlags } from '../actions/fork.ts';
import { addSessionOptions, nonNegativeInt } from '../options.ts';

export function registerFork(program: Command): void {
  addSessionOptions(
    program
      .command('fork')
      .description(
        'continue a recording from the end of one of its turns (its state restored exactly) with any backends: a new recording naming its parent',
      )
      .argument('<recording>', 'a recording (.jsonl); it is never changed')
      .requiredOption('--turn <n>', 'the turn to fork from (0: the start)', nonNegativeInt)
      .option('--edit-user <text>', "replace the user's message that starts the next turn")
      .option('--out <file>', "the fork's recording (default: beside its parent)")
      .option('--json', 'print the result as one JSON object'),
  ).action(async (file: string, flags: ForkFlags) =>
    (await import('../actions/fork.ts')).forkCommand(file, flags),
  );
}
