/** `intentplay lint PATH...`: authoring checks beyond the schema; exit 1 on any finding. */
import type { Command } from 'commander';
import { formatDiagnostic } from '../../scenario/diagnostics.ts';
import { lintPaths } from '../../lint/index.ts';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('authoring checks beyond the schema: leaks, ungraded intents, loose ask/done rules, unused files')
    .argument('<paths...>', 'scenario or episode files, or folders')
    .option('--library <dir>', 'the library the files belong to')
    .action(async (paths: string[], flags: { library?: string }) => {
      const { diagnostics, scenarios } = await lintPaths(paths, flags.library);
      for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      process.stdout.write(`${scenarios} scenario(s) linted: ${diagnostics.length} finding(s)\n`);
      process.exitCode = diagnostics.length ? 1 : 0;
    });
}
