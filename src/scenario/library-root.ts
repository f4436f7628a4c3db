/**
 * Where a library is, found without loading one: file-system checks only, so the home screen
 * can look up its cached view of a library before any parser or schema is loaded.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';

/** A π-Bench user folder (data/<user>/): profile.yaml and tasks/. */
export function isPibenchUserDir(dir: string): boolean {
  return existsSync(path.join(dir, 'profile.yaml')) && existsSync(path.join(dir, 'tasks'));
}

/** Nearest folder at or above `start` that is a library (holds `personas/`, or is a π-Bench user folder). */
export function findLibraryRoot(start: string): string | undefined {
  let dir = path.resolve(start);
  if (existsSync(dir) && statSync(dir).isFile()) dir = path.dirname(dir);
  for (;;) {
    if (isPibenchUserDir(dir)) return dir;
    if (
      existsSync(path.join(dir, 'personas')) &&
      statSync(path.join(dir, 'personas')).isDirectory()
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The library a target belongs to: `--library DIR` when given, which must be a library and hold
 * the target (a mistyped folder or a file elsewhere would otherwise be checked against nothing
 * and pass), else the nearest one above the target. Undefined when there is none.
 */
export function libraryRootFor(target: string, libraryOverride?: string): string | undefined {
  if (!libraryOverride) return findLibraryRoot(target);
  const root = path.resolve(libraryOverride);
  const isLibrary =
    isPibenchUserDir(root) ||
    (existsSync(path.join(root, 'personas')) &&
      statSync(path.join(root, 'personas')).isDirectory());
  if (!isLibrary)
    throw new UserError(
      `--library ${libraryOverride}: not a library (it holds no personas/ folder)`,
    );
  const abs = path.resolve(target);
  if (existsSync(abs) && abs !== root && !abs.startsWith(root + path.sep))
    throw new UserError(
      `${target} is outside --library ${libraryOverride}: name a file or folder inside that library`,
    );
  return root;
}
