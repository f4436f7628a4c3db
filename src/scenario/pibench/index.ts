/**
 * π-Bench user folders as libraries (DESIGN §3 "π-Bench data, as-is").
 * Placeholder seam: the loader lands with the π-Bench compatibility issue.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../library.ts';

/** A π-Bench user folder holds profile.yaml, episode.yaml and tasks/. */
export function isPibenchUserDir(dir: string): boolean {
  return existsSync(path.join(dir, 'profile.yaml')) && existsSync(path.join(dir, 'tasks'));
}

export function loadPibenchLibrary(root: string): LoadResult {
  return {
    library: { root, kind: 'pibench', personas: new Map(), scenarios: new Map(), episodes: new Map() },
    diagnostics: [{ severity: 'error', file: path.join(root, 'profile.yaml'), line: 1, col: 1, message: 'π-Bench folders are not supported yet' }],
  };
}
