/**
 * What the home screen shows of a recording, read from its first line (the header: scenario,
 * title, backends, start) and its last few kilobytes (the score and how the session ended),
 * never the whole file: opening home stays fast with hundreds of recordings.
 */
import { given } from '../contracts/optional.ts';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { cleanStrings } from '../text/text.ts';

export interface RecordingSummary {
  scenario?: string;
  title?: string;
  /** watch, play (a person was the user) or agent (a person was the agent). */
  mode?: 'watch' | 'play' | 'agent';
  backends?: string;
  /** A watch a person took over: the user's seat was theirs after this turn. */
  takenOverAfter?: number;
  started?: string;
  /** How it ended; `interrupted` when the file stops before session_end. */
  end?: string;
  proc?: number | null;
  comp?: number | null;
  /** The file could not be read as a recording. */
  unreadable?: boolean;
}

const HEAD = 4096;
const TAIL = 8192;
/** The take-over notice is somewhere in the middle: files are scanned up to this size for it. */
const SCAN_LIMIT = 32 * 1024 * 1024;
const SCAN_CHUNK = 256 * 1024;
/** The notice the engine's take-over leaves in the recording (src/tui/session/take-over.ts). */
const TAKE_OVER = /"a person took over the user after turn (\d+)"/;

/** The turn after which a person took over the user, from the notice; chunks overlap so it is never split. */
function findTakeOver(read: (from: number, length: number) => string, size: number) {
  if (size > SCAN_LIMIT) return undefined;
  const overlap = 80;
  for (let from = 0; from < size; from += SCAN_CHUNK - overlap) {
    const m = TAKE_OVER.exec(read(from, Math.min(SCAN_CHUNK, size - from)));
    if (m) return Number(m[1]);
  }
  return undefined;
}

type Backend = { kind?: string; name?: string };
function backendName(b: Backend | undefined): string {
  if (!b?.kind) return '?';
  return b.name ? `${b.kind}:${b.name}` : b.kind;
}

/** Who a person played in the recording: the user, the agent, or nobody (a watch). */
function seatOf(b: { user?: Backend; agent?: Backend }): 'play' | 'agent' | 'watch' {
  if (b.user?.kind === 'human') return 'play';
  return b.agent?.kind === 'human' ? 'agent' : 'watch';
}

export function recordingSummary(file: string): RecordingSummary {
  let fd: number | undefined;
  try {
    // Non-blocking, and only a regular file: a pipe named like a recording must not freeze the home screen.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { unreadable: true };
    const size = stat.size;
    const read = (from: number, length: number) => {
      const buf = Buffer.alloc(length);
      const n = readSync(fd!, buf, 0, length, from);
      return buf.subarray(0, n).toString('utf8');
    };
    const head = JSON.parse(read(0, Math.min(size, HEAD)).split('\n')[0]!) as {
      format?: string;
      scenario?: string;
      title?: string;
      started?: string;
      backends?: { agent?: Backend; user?: Backend; judge?: Backend };
    };
    if (head.format !== 'intentplay-recording') return { unreadable: true };
    const b = head.backends ?? {};
    const takenOverAfter = b.user?.kind === 'human' ? undefined : findTakeOver(read, size);
    const user =
      takenOverAfter === undefined
        ? backendName(b.user)
        : `${backendName(b.user)}, then a person (after turn ${takenOverAfter})`;
    const summary: RecordingSummary = {
      ...given({ scenario: head.scenario, title: head.title, started: head.started }),
      mode: seatOf(b),
      backends: `agent ${backendName(b.agent)} · user ${user} · judge ${backendName(b.judge)}`,
      ...(takenOverAfter === undefined ? {} : { takenOverAfter }),
      end: 'interrupted',
    };
    // The tail's first line may be cut: only whole lines count.
    for (const line of read(Math.max(0, size - TAIL), Math.min(size, TAIL))
      .split('\n')
      .slice(size > TAIL ? 1 : 0)) {
      if (!line.includes('"type":"score"') && !line.includes('"type":"session_end"')) continue;
      try {
        const e = JSON.parse(line) as {
          type?: string;
          end?: string;
          scores?: { proc?: number | null; comp?: number | null };
        };
        if (e.type === 'session_end' && e.end) summary.end = e.end;
        if (e.type === 'score' && e.scores)
          Object.assign(summary, { proc: e.scores.proc ?? null, comp: e.scores.comp ?? null });
      } catch {
        // A line cut by a crash: the recording counts as interrupted.
      }
    }
    return cleanStrings(summary); // a title from a scenario file, shown on the home screen
  } catch {
    return { unreadable: true };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
