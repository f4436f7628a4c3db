/**
 * One writer per results folder: `run` holds `.intentplay.lock` (its pid and host) while it
 * writes, so a second `run --resume` on the same folder stops with a clear error instead of
 * adding a second copy of every run. A lock whose process is gone (a crash, kill -9) is stale
 * and taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';

export const LOCK_FILE = '.intentplay.lock';

interface LockOwner {
  pid: number;
  host: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function owner(file: string): LockOwner | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof v.pid === 'number' && typeof v.host === 'string'
      ? { pid: v.pid, host: v.host }
      : null;
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

/** Takes the folder's lock, or throws a UserError naming the run that holds it. Returns the release. */
export function lockResultsFolder(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = owner(file);
    // The same process (in-process callers) may take it again; another live one may not.
    if (held && held.pid !== me.pid && (held.host !== me.host || alive(held.pid)))
      throw new UserError(
        `${dir} is being written by another intentplay run (pid ${held.pid} on ${held.host}); wait for it to finish, or delete ${file} if no run is using the folder`,
      );
    rmSync(file, { force: true });
  }
  throw new UserError(`${dir}: could not take the lock ${file}`);
}
