/**
 * What several `study run` processes share in one data folder, under one lock: taking the next
 * Latin-square row (two participants who agree at the same moment never get the same one), and
 * the anonymous recruitment counts (people who declined or left at the consent page, and people
 * who withdrew) that are kept when nothing else of them may be.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { UserError } from '../contracts/diagnostics.ts';

/** Anonymous counts: no id, no time, only how many. */
export interface FlowCounts {
  declined: number;
  /** Left the consent page without answering (ctrl+c there). */
  left_at_consent: number;
  withdrawn: number;
}

const FLOW_FILE = 'flow.json';
const EMPTY: FlowCounts = { declined: 0, left_at_consent: 0, withdrawn: 0 };

/** A short synchronous sleep between tries for the lock (enrolment holds it for milliseconds). */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `fn` holding the data folder's lock (proper-lockfile: a lock folder, stale after 10 s if
 * its holder died). Waits up to `waitMs` for another process to let go.
 */
export function withDataLock<T>(dataDir: string, fn: () => T, waitMs = 15_000): T {
  mkdirSync(dataDir, { recursive: true });
  const t0 = Date.now();
  let release: (() => void) | undefined;
  for (;;) {
    try {
      release = lockfile.lockSync(dataDir, {
        realpath: false,
        stale: 10_000,
        lockfilePath: path.join(dataDir, '.enrol.lock'),
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (Date.now() - t0 > waitMs)
        throw new UserError(
          `${dataDir}: another \`study run\` holds the study's lock for too long; try again`,
        );
      sleep(10 + Math.random() * 20);
    }
  }
  try {
    return fn();
  } finally {
    release();
  }
}

export function readFlow(dataDir: string): FlowCounts {
  const file = path.join(dataDir, FLOW_FILE);
  if (!existsSync(file)) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<FlowCounts>) };
  } catch {
    throw new UserError(`${file}: not a recruitment count file (JSON)`);
  }
}

/** Adds one to an anonymous count, under the lock. */
export function countFlow(dataDir: string, key: keyof FlowCounts): void {
  withDataLock(dataDir, () => {
    const counts = readFlow(dataDir);
    counts[key] += 1;
    const file = path.join(dataDir, FLOW_FILE);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(counts, null, 2) + '\n');
    renameSync(tmp, file);
  });
}

/** Letters and digits without the ones people confuse (0/O, 1/I/L), from a cryptographic source. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
