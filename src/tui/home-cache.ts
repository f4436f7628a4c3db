/**
 * The home screen's view of a library, kept between starts so the first frame needs neither
 * the YAML parser nor the schemas (loading and validating the bundled library is most of a
 * cold start). It is never stale: each start hashes every file under the library's personas/
 * and scenarios/ folders and compares them, and the folders scenarios copy into workspaces,
 * with what the view was made from; any difference, or a different build of intentplay,
 * makes it again. Deleting the cache folder is always safe.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';

/** Bumped when what the cache holds changes shape. */
const CACHE_FORMAT = 2;

/** The cache folder: $INTENTPLAY_CACHE_DIR (`off` turns the cache off), else $XDG_CACHE_HOME/intentplay or ~/.cache/intentplay. */
export function homeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const set = env.INTENTPLAY_CACHE_DIR;
  if (set !== undefined) return set === '' || set === 'off' ? undefined : path.resolve(set);
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'intentplay');
}

/** What a view was made from: every file's content hash, and whether each asset folder existed. */
interface Inputs {
  files: Record<string, string>;
  folders: Record<string, boolean>;
}

interface Entry<T> {
  format: number;
  code: string;
  root: string;
  inputs: Inputs;
  view: T;
}

/** A computed view, and the asset folders whose existence it depends on. */
export interface Made<T> {
  view: T;
  folders: string[];
}

/**
 * The view of the intentplay library at `root`: from the cache when every input is unchanged,
 * else from `make` (and then cached). Any failure to read or write the cache only costs time.
 */
export async function cachedView<T>(
  root: string,
  dir: string | undefined,
  make: () => Promise<Made<T>>,
): Promise<T> {
  const files = dir ? hashFiles(root) : undefined;
  if (!dir || !files) return (await make()).view;
  const file = path.join(
    dir,
    `home-${createHash('sha1').update(root).digest('hex').slice(0, 16)}.json`,
  );
  const code = codeStamp();
  const entry = readEntry<T>(file);
  if (
    entry &&
    entry.format === CACHE_FORMAT &&
    entry.code === code &&
    entry.root === root &&
    unchanged(entry.inputs, files)
  )
    return entry.view;
  const made = await make();
  const fresh: Entry<T> = {
    format: CACHE_FORMAT,
    code,
    root,
    inputs: { files, folders: Object.fromEntries(made.folders.map((f) => [f, isFolder(f)])) },
    view: made.view,
  };
  writeEntry(file, fresh);
  return made.view;
}

/** Content hashes of every file under personas/ and scenarios/ (more than the loader reads: never less). Undefined when a symbolic link makes the set uncertain. */
function hashFiles(root: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  const walk = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return true; // a missing folder is part of the state: no entries
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isSymbolicLink()) return false;
      if (e.isDirectory()) {
        if (!walk(full)) return false;
      } else if (e.isFile())
        out[path.relative(root, full)] = createHash('sha1')
          .update(readFileSync(full))
          .digest('hex');
    }
    return true;
  };
  return walk(path.join(root, 'personas')) && walk(path.join(root, 'scenarios')) ? out : undefined;
}

/** True when the files hash as recorded (no file added, removed or changed) and each asset folder still exists or is still missing. */
function unchanged(recorded: Inputs, files: Record<string, string>): boolean {
  if (typeof recorded?.files !== 'object' || typeof recorded.folders !== 'object') return false;
  const keys = Object.keys(recorded.files);
  if (
    keys.length !== Object.keys(files).length ||
    !keys.every((k) => recorded.files[k] === files[k])
  )
    return false;
  return Object.entries(recorded.folders).every(([f, was]) => isFolder(f) === was);
}

const isFolder = (f: string) => existsSync(f) && statSync(f).isDirectory();

/** Which build of intentplay made the view: the version and the built file, or (run from the sources) their newest change. */
function codeStamp(): string {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith('.ts')) {
    const s = statSync(self);
    return `${INTENTPLAY_VERSION}:${s.size}:${s.mtimeMs}`;
  }
  return `${INTENTPLAY_VERSION}:src:${newestChange(path.resolve(path.dirname(self), '..'))}`;
}

function newestChange(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function readEntry<T>(file: string): Entry<T> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Entry<T>;
  } catch {
    return undefined;
  }
}

function writeEntry<T>(file: string, entry: Entry<T>): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  } catch {
    // An unwritable cache folder only means the next start makes the view again.
  }
}
