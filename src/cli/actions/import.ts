/** What `intentplay import` does: writes the library, then checks that it loads cleanly. */
import path from 'node:path';
import { formatDiagnostic } from '../../contracts/diagnostics.ts';
import { loadLibrary } from '../../scenario/library.ts';
import { importPibench } from '../../pibench/import.ts';

export function importCommand(dir: string, flags: { out: string; force?: boolean }): void {
  const result = importPibench(dir, flags.out, { force: flags.force ?? false });
  for (const d of result.diagnostics) process.stderr.write(formatDiagnostic(d) + '\n');
  const rel = path.relative(process.cwd(), result.out) || '.';
  process.stdout.write(
    `imported ${result.persona}: ${result.scenarios} scenario(s), ${result.episodes} episode(s), ${result.assetFiles} asset file(s) → ${rel}\n`,
  );
  // The output must load cleanly; say so, or show why not.
  const check = loadLibrary(result.out, { fresh: true }).diagnostics.filter(
    (d) => d.severity === 'error',
  );
  for (const d of check) process.stderr.write(formatDiagnostic(d) + '\n');
  if (check.length) {
    process.stderr.write(`intentplay: the imported library has ${check.length} error(s)\n`);
    process.exitCode = 1;
  } else process.stdout.write(`check it with: intentplay validate ${rel}\n`);
}
