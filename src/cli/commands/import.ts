/** `intentplay import PIBENCH_USER_DIR --out DIR`: a π-Bench user folder as editable intentplay YAML. */
import type { Command } from 'commander';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('write a π-Bench user folder (data/<user>/) as an intentplay library')
    .argument('<pibench-user-dir>', 'the π-Bench user folder: profile.yaml, episode.yaml, tasks/')
    .requiredOption(
      '--out <dir>',
      'the library to write (personas/, scenarios/, assets/, schemas/)',
    )
    .option('--force', 'overwrite that persona if the library already has it')
    .action(async (dir: string, flags: { out: string; force?: boolean }) =>
      (await import('../actions/import.ts')).importCommand(dir, flags),
    );
}
