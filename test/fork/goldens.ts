/** The golden recordings as recordings on disk, for the fork tests. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';

const GOLDENS = path.join(import.meta.dirname, '..', 'golden', 'recordings');

/**
 * Writes a reference's goldens under `dir` as recordings (time offsets back, the library where it
 * is), one folder per persona as a run leaves them; `edit` may change each header. Returns the files.
 */
export function materialise(
  dir: string,
  reference: string,
  edit: (header: Record<string, unknown>) => void = () => {},
): string[] {
  const files: string[] = [];
  for (const persona of readdirSync(path.join(GOLDENS, reference))) {
    const to = path.join(dir, reference, persona);
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(path.join(GOLDENS, reference, persona))) {
      const lines = readFileSync(path.join(GOLDENS, reference, persona, name), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line, i) => {
          const v = JSON.parse(line) as Record<string, unknown>;
          if (i === 0) {
            Object.assign(v, { library: BUNDLED_LIBRARY, started: '2026-01-05T09:00:00Z' });
            edit(v);
          } else v.t = 0;
          return JSON.stringify(v);
        });
      writeFileSync(path.join(to, name), lines.join('\n') + '\n');
      files.push(path.join(to, name));
    }
  }
  return files.sort();
}

/** A recording without what differs between two runs of it (and, with `backends`, who played). */
export function normalised(file: string, backends = false): string[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      const v = JSON.parse(line) as Record<string, unknown>;
      delete v.t;
      if (i === 0) for (const key of ['started', 'library', 'fork']) delete v[key];
      if (backends) delete v.backends;
      return JSON.stringify(v);
    });
}
