/**
 * The sessions to annotate: recordings found from the command line's paths, each reduced
 * through the one reducer, with the items a person labels (every hidden intent, every
 * checklist item). Unfinished recordings are left out with a reason: their judge never gave
 * final labels to compare with.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import type { SessionState } from '../store/state.ts';
import { itemKey, recordingId, type Axis } from './records.ts';

export interface AnnotationItem {
  axis: Axis;
  id: string;
  text: string;
}

export interface AnnotationSession {
  /** Absolute path of the recording. */
  file: string;
  id: string;
  scenario: string;
  title: string;
  state: SessionState;
  items: AnnotationItem[];
}

/** One item to label, in its session. */
export interface AnnotateTask {
  session: AnnotationSession;
  item: AnnotationItem;
}

export const taskKey = (t: AnnotateTask): string =>
  itemKey({ recording_id: t.session.id, axis: t.item.axis, item: t.item.id });

const jsonlIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(dir, e.name))
    .sort();

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

/** The recordings a folder stands for. */
function recordingsIn(dir: string): string[] {
  // A study's data folder (study run, serve --study): every participant's recordings.
  const participants = path.join(dir, 'participants');
  if (isDir(participants))
    return readdirSync(participants)
      .sort()
      .flatMap((p) => {
        const own = path.join(participants, p, 'recordings');
        return isDir(own) ? jsonlIn(own) : [];
      });
  // A results folder holds results.jsonl beside its recordings/: the recordings are what counts.
  const sub = path.join(dir, 'recordings');
  return isDir(sub) ? jsonlIn(sub) : jsonlIn(dir);
}

/**
 * Recording files named by `args`: files as they are; a folder gives the .jsonl files in its
 * `recordings/` folder when it has one (a results folder), every participant's `recordings/`
 * when it holds `participants/` (a study's data folder), else those in it.
 */
export function expandRecordingPaths(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (!existsSync(arg)) throw new UserError(`${arg}: no such file or folder`);
    if (!statSync(arg).isDirectory()) {
      out.push(path.resolve(arg));
      continue;
    }
    const files = recordingsIn(arg);
    if (!files.length)
      throw new UserError(
        `${arg}: no recordings (.jsonl files) in this folder, its recordings/ folder, or its participants' (a study's data)`,
      );
    out.push(...files.map((f) => path.resolve(f)));
  }
  return [...new Set(out)];
}

/** Reads one recording as a session to annotate; throws a located UserError for a file that is not one. */
export function loadSession(file: string): AnnotationSession {
  const recording = readRecording(file);
  if (!recording.complete)
    throw new UserError(
      `${file}: the session did not finish (no session_end), so it has no final labels to annotate`,
    );
  const end = recording.events.at(-1);
  // An aborted attempt (quit mid-turn, a study session cut short) was never graded: no final labels either.
  if (end?.type === 'session_end' && end.end === 'aborted')
    throw new UserError(
      `${file}: the session was aborted (stopped before it finished), so it has no final labels to annotate`,
    );
  const state = reduceAll(recording.events);
  const items: AnnotationItem[] = [
    ...state.intents.map((i) => ({ axis: 'intent' as const, id: i.id, text: i.text })),
    ...state.checklist.map((c) => ({ axis: 'checklist' as const, id: c.id, text: c.text })),
  ];
  return {
    file: path.resolve(file),
    id: recordingId(file),
    scenario: recording.header.scenario,
    title: recording.header.title,
    state,
    items,
  };
}

/**
 * Loads every recording; one that cannot be read or did not finish is skipped with its reason
 * when others remain, and is an error when it was the only one.
 */
export function loadSessions(files: readonly string[]): {
  sessions: AnnotationSession[];
  skipped: string[];
} {
  const sessions: AnnotationSession[] = [];
  const skipped: string[] = [];
  for (const f of files) {
    try {
      sessions.push(loadSession(f));
    } catch (err) {
      if (!(err instanceof UserError) || files.length === 1) throw err;
      skipped.push(err.message);
    }
  }
  if (!sessions.length)
    throw new UserError(
      `none of the ${files.length} recordings can be annotated:\n  ${skipped.join('\n  ')}`,
    );
  // The same recording named twice (a copy) is one session.
  const seen = new Set<string>();
  return { sessions: sessions.filter((s) => !seen.has(s.id) && seen.add(s.id)), skipped };
}
