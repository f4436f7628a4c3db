/** `intentplay config`: the resolved model setup per role, where each value came from, keys masked. */
import type { Command } from 'commander';
import type { ConfigCommandFlags } from '../actions/config.ts';
import { addModelOptions } from '../options.ts';

export function registerConfig(program: Command): void {
  addModelOptions(
    program
      .command('config')
      .description(
        'show the model setup per role (agent, user, judge) and where each value came from; keys are masked',
      )
      .option('--json', 'print it as JSON'),
  ).action(async (flags: ConfigCommandFlags) =>
    (await import('../actions/config.ts')).showConfig(flags),
  );
}
