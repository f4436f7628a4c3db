/** Reading recordings' headers quickly, and the parent a fork's header names. */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { RecordingHeader } from '../session/recording.ts';

/** The first line of a recording, without reading the rest (undefined when it is none). */
export function headerOf(file: string): RecordingHeader | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(8192);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('utf8');
    const end = text.indexOf('\n');
    return JSON.parse(end < 0 ? text : text.slice(0, end)) as RecordingHeader;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A parent named in a fork's header, relative to the fork's folder. */
export function parentPath(forkFile: string, parent: string): string {
  return path.resolve(path.dirname(forkFile), parent);
}
