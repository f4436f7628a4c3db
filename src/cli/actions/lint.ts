/** What `intentplay lint` does: prints every finding, located, and fails on any. */
import { formatDiagnostic } from '../../contracts/diagnostics.ts';
import { lintPaths } from '../../lint/index.ts';

export async function lintCommand(paths: string[], flags: { library?: string }): Promise<void> {
  const { diagnostics, scenarios } = await lintPaths(paths, flags.library);
  for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
  process.stdout.write(`${scenarios} scenario(s) linted: ${diagnostics.length} finding(s)\n`);
  process.exitCode = diagnostics.length ? 1 : 0;
}
