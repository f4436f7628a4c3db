/** `intentplay validate PATH...`: every error of every file, located; exit 1 on any. */
import type { Command } from 'commander';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check scenario, persona and episode files; exit 1 with located errors')
    .argument('<paths...>', 'files or folders')
    .option('--library <dir>', 'the library the files belong to')
    .action(async (paths: string[], flags: { library?: string }) =>
      (await import('../actions/validate.ts')).validateCommand(paths, flags),
    );
}
