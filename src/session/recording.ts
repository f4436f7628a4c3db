/**
 * Recordings (docs/engine.md): JSON Lines, one file per session. Line 1 is the header; every
 * later line is one event with its time offset. Each line is written with one write
 * call as it happens, so a crash loses at most the event being written.
 */
import { eventProblem } from '../contracts/event-shapes.ts';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { errorMessage } from '../contracts/errors.ts';
import { stampCarriedStatuses } from './carried-statuses.ts';
import { placeError, UserError } from '../contracts/diagnostics.ts';
import {
  EPHEMERAL_EVENTS,
  type BackendInfo,
  type Role,
  type SessionEvent,
  type TimedEvent,
} from '../contracts/events.ts';

export const RECORDING_FORMAT = 'intentplay-recording';
export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  format: typeof RECORDING_FORMAT;
  version: number;
  scenario: string;
  persona: string;
  title: string;
  /** The scenario's category, and the library it came from (a report on a folder of recordings needs both). */
  category?: string;
  library?: string;
  /** The run group: episode or dependency chain, and this session's place in it. */
  group: { id: string; kind: 'episode' | 'chain'; index: number; of: number };
  backends: Record<Role, BackendInfo>;
  started: string;
  /**
   * The date (YYYY-MM-DD) the agent is told throughout the session when its scenario keeps no
   * simulated clock (one that does tells its own); a fork tells its agent the same. Absent in
   * recordings made before it was recorded (a fork then takes the day of `started`).
   */
  date?: string;
  seed: number;
  repeat?: number;
  /** intentplay version that wrote it. */
  writer: string;
  /** A fork (docs/explore.md): the recording it continues, and the turn it left from. */
  fork?: ForkLineage;
  /** A user study's frozen protocol for this session (docs/study.md); absent outside studies. */
  protocol?: Record<string, unknown>;
}

/** Where a forked recording comes from: its parent (a path relative to the fork's folder) and the turn. */
export interface ForkLineage {
  parent: string;
  turn: number;
  /** `--edit-user`: the user's message of turn `turn + 1` was replaced by this text. */
  editUser?: string;
}

export interface RecorderOptions {
  /** Also stamp every event with the wall clock (`wall`, ISO): user studies want both clocks. */
  wallClock?: boolean;
}

export class Recorder {
  private fd: number | null;
  private readonly start = performance.now();
  readonly path: string;

  private readonly wallClock: boolean;

  constructor(file: string, header: RecordingHeader, opts: RecorderOptions = {}) {
    this.path = file;
    this.wallClock = Boolean(opts.wallClock);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      this.fd = openSync(file, 'a');
      writeSync(this.fd, JSON.stringify(header) + '\n');
    } catch (err) {
      throw placeError(err, `write the recording in ${path.dirname(file)}`);
    }
  }

  /** Appends one event (ephemeral streaming events are not recorded). Returns it with its time offset. */
  write(event: SessionEvent): TimedEvent {
    const timed = {
      ...event,
      t: Math.round(performance.now() - this.start),
      ...(this.wallClock ? { wall: new Date().toISOString() } : {}),
    } as TimedEvent;
    if (this.fd !== null && !EPHEMERAL_EVENTS.has(event.type)) {
      try {
        writeSync(this.fd, JSON.stringify(timed) + '\n');
      } catch (err) {
        // What was written stays readable (a cut last line is tolerated); the session stops here.
        throw placeError(err, `go on writing the recording ${this.path}`);
      }
    }
    return timed;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

export function recordingFileName(dir: string, scenario: string, repeat?: number): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const name = scenario.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return path.join(
    dir,
    `${stamp}-${name}${repeat !== undefined ? `-r${repeat}` : ''}-${randomBytes(3).toString('hex')}.jsonl`,
  );
}

/** A recording that cannot be read (missing, not a recording, a bad line): a user error, located. */
export class RecordingError extends UserError {}

export interface Recording {
  file: string;
  header: RecordingHeader;
  events: TimedEvent[];
  /** False when the file ends without session_end (a crashed or interrupted run). */
  complete: boolean;
}

/** What a command says of a recording that ends without session_end (a crashed or interrupted run). */
export function interruptedNote(file: string): string {
  return `${file}: the recording ends without session_end (the run was interrupted)`;
}

/** Reads a recording, checking the format and version and naming the line of any bad record. */
export function readRecording(file: string): Recording {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RecordingError(`${file}: cannot read recording: ${errorMessage(err)}`);
  }
  const lines = text.split('\n');
  // A crash can leave a partial last line: tolerate it only at the very end.
  if (lines.at(-1) === '') lines.pop();
  const bad = (n: number, why: string) => new RecordingError(`${file}:${n}: ${why}`);
  if (!lines.length) throw bad(1, 'empty file; expected a recording header');
  let header: RecordingHeader;
  try {
    header = JSON.parse(lines[0]!) as RecordingHeader;
  } catch {
    throw bad(1, 'the header is not JSON');
  }
  if (header?.format !== RECORDING_FORMAT)
    throw bad(1, `not an intentplay recording (format ${JSON.stringify(header?.format)})`);
  if (header.version !== RECORDING_VERSION)
    throw bad(
      1,
      `recording version ${header.version} is not supported (this intentplay reads version ${RECORDING_VERSION})`,
    );
  const events: TimedEvent[] = [];
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    let e: TimedEvent;
    try {
      e = JSON.parse(lines[i]!) as TimedEvent;
    } catch {
      if (i === lines.length - 1) break; // torn final write
      throw bad(n, 'not JSON');
    }
    if (!e || typeof e !== 'object' || typeof e.type !== 'string')
      throw bad(n, 'an event needs a "type"');
    const problem = eventProblem(e as unknown as { type: string } & Record<string, unknown>);
    if (problem) throw bad(n, problem);
    if (typeof e.t !== 'number') throw bad(n, `event "${e.type}" has no time offset "t"`);
    events.push(e);
  }
  const complete = events.at(-1)?.type === 'session_end';
  return { file, header, events: stampCarriedStatuses(events), complete };
}
