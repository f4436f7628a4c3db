/** Which scenario libraries a results folder's runs came from (for merge and reports). */
import { requireLibrary, type Library } from '../scenario/library.ts';
import { resolveTarget } from '../session/plan.ts';
import { readManifest } from './manifest.ts';

/** The libraries the runs came from: `--library`, else what each folder's run.json ran. */
export function findLibraries(
  folders: readonly string[],
  library?: string,
  roots: readonly string[] = [],
): Library[] {
  if (library) return [requireLibrary(library, library)];
  const found = new Map<string, Library>();
  // Recordings name their library; one that moved since is skipped.
  for (const root of roots)
    try {
      found.set(root, requireLibrary(root, root));
    } catch {
      // π-Bench scoring says what it is missing
    }
  for (const folder of folders) {
    const manifest = readManifest(folder);
    const override =
      typeof manifest?.options.library === 'string' ? manifest.options.library : undefined;
    for (const target of manifest?.targets ?? []) {
      try {
        const lib = resolveTarget(target, override).library;
        found.set(lib.root, lib);
      } catch {
        // moved or deleted since the run: π-Bench scoring says what it is missing
      }
    }
  }
  return [...found.values()];
}
