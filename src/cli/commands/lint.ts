/** `intentplay lint PATH...`: authoring checks beyond the schema; exit 1 on any finding. */
import type { Command } from 'commander';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(
      'authoring checks beyond the schema: leaks, ungraded intents, loose ask/done rules, unused files',
    )
    .argument('<paths...>', 'scenario or episode files, or folders')
    .option('--library <dir>', 'the library the files belong to')
    .action(async (paths: string[], flags: { library?: string }) =>
      (await import('../actions/lint.ts')).lintCommand(paths, flags),
    );
}
