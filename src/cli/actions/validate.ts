/** What `intentplay validate` does: every error of every file in scope, located, once. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, UserError, type Diagnostic } from '../../contracts/diagnostics.ts';
import { loadLibrary } from '../../scenario/library.ts';
import { libraryRootFor } from '../../scenario/library-root.ts';

export function validatePaths(
  paths: readonly string[],
  libraryOverride?: string,
): { diagnostics: Diagnostic[]; files: number } {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  let files = 0;
  for (const p of paths) {
    if (!existsSync(p)) throw new UserError(`${p}: no such file or folder`);
    const abs = path.resolve(p);
    const root = libraryRootFor(p, libraryOverride);
    if (!root) {
      diagnostics.push({
        severity: 'error',
        file: abs,
        line: 1,
        col: 1,
        message:
          'not inside a library: no folder above it holds a personas/ folder (pass --library DIR)',
      });
      continue;
    }
    const { library, diagnostics: all } = loadLibrary(root);
    const inScope = (file: string) =>
      statSync(abs).isDirectory() ? file === abs || file.startsWith(abs + path.sep) : file === abs;
    for (const d of all) {
      const key = `${d.file}:${d.line}:${d.col}:${d.message}`;
      if (inScope(d.file) && !seen.has(key)) {
        seen.add(key);
        diagnostics.push(d);
      }
    }
    // Every file in scope counts, a broken one (which loads as nothing but errors) too.
    const loaded = [
      ...library.personas.values(),
      ...library.scenarios.values(),
      ...library.episodes.values(),
    ].map((x) => x.file);
    const checked = new Set([...loaded, ...all.map((d) => d.file)].filter(inScope));
    if (!checked.size && !statSync(abs).isDirectory())
      diagnostics.push({
        severity: 'error',
        file: abs,
        line: 1,
        col: 1,
        message: `not a persona, scenario or episode of the library at ${root} (those live in its personas/, scenarios/ and episodes/ folders)`,
      });
    files += checked.size;
  }
  return { diagnostics, files };
}

export function validateCommand(paths: string[], flags: { library?: string }): void {
  const { diagnostics, files } = validatePaths(paths, flags.library);
  for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  process.stdout.write(`${files} file(s) checked: ${errors} error(s), ${warnings} warning(s)\n`);
  process.exitCode = errors ? 1 : 0;
}
