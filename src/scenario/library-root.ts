/**
 * Where a library is, found without loading one: file-system checks only, so the home screen
 * can look up its cached view of a library before any parser or schema is loaded.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

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
    if (existsSync(path.join(dir, 'personas')) && statSync(path.join(dir, 'personas')).isDirectory()) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
