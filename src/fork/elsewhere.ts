/**
 * Forks written away from their parent (`intentplay fork --out ELSEWHERE`): a folder scan beside
 * the parent cannot find them, so each registers itself in a small index beside the parent,
 * `.intentplay-forks.json` (parent file name → its forks, relative to that folder). Writers take
 * a lock on it (proper-lockfile), so forks made at once in a batch all land.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export const FORK_INDEX = '.intentplay-forks.json';

type Index = Record<string, string[]>;

function readIndex(file: string): Index {
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Index) : {};
  } catch {
    // A damaged index loses only where the forks written elsewhere are, never a recording.
    return {};
  }
}

/**
 * Notes beside `parent` that `fork` is one of its forks, when it lives in another folder (one
 * beside it is found by the scan). Returns a warning when the parent's folder cannot be written.
 */
export async function registerFork(parent: string, fork: string): Promise<string | undefined> {
  const dir = path.dirname(path.resolve(parent));
  if (path.dirname(path.resolve(fork)) === dir) return undefined;
  const file = path.join(dir, FORK_INDEX);
  let release: (() => Promise<void>) | undefined;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 50, minTimeout: 10, maxTimeout: 100 },
    });
    const index = readIndex(file);
    const name = path.basename(parent);
    const entry = path.relative(dir, path.resolve(fork));
    index[name] = [...new Set([...(index[name] ?? []), entry])];
    // Written whole then renamed: a reader never sees half an index.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(index, null, 2) + '\n');
    renameSync(tmp, file);
    return undefined;
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return `could not note the fork beside its parent in ${file} (${why}): replay of the parent will not list it`;
  } finally {
    await release?.();
  }
}

/** The forks of `parent` written elsewhere that the index beside it names (absolute paths). */
export function forksElsewhere(parent: string): string[] {
  const dir = path.dirname(path.resolve(parent));
  const entries = readIndex(path.join(dir, FORK_INDEX))[path.basename(parent)] ?? [];
  return entries.filter((e) => typeof e === 'string').map((e) => path.resolve(dir, e));
}
