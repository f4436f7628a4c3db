/**
 * The judge's labels for annotated items, read from recordings: each intent's final status
 * and each checklist item's verdict, through the same reducer every view uses. Recordings are
 * matched to annotations by content hash, so they may have moved since.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AnnotationRecord, Axis } from '../annotate/records.ts';
import { recordingId } from '../annotate/records.ts';
import { expandRecordingPaths } from '../annotate/sessions.ts';
import type { BackendInfo } from '../contracts/events.ts';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import type { SessionState } from '../store/state.ts';

export interface JudgedSession {
  file: string;
  judge: BackendInfo;
  state: SessionState;
}

/** The judge's label of an item: a status, `pass`/`fail`, or null (ungraded, or no such item). */
export function judgeLabel(state: SessionState, axis: Axis, item: string): string | null {
  if (axis === 'intent')
    return (
      state.intentStates[item]?.status ?? (state.intents.some((i) => i.id === item) ? 'open' : null)
    );
  const check = state.checks[item];
  if (!check || check.pass === null) return null;
  return check.pass ? 'pass' : 'fail';
}

/** Recordings past this size are not ones intentplay wrote for a session: not read. */
const MAX_RECORDING_BYTES = 256 * 1024 * 1024;

/**
 * Whether `file` is a recording to read: a regular file (not a device such as /dev/zero, a
 * folder or a pipe, which would grow without end, crash or block), no larger than
 * MAX_RECORDING_BYTES, and inside `root` (when given) once symlinks are followed.
 */
function readableRecording(file: string, root?: string): boolean {
  try {
    const real = realpathSync(file);
    const st = statSync(real);
    const inside = root === undefined || real.startsWith(realpathSync(root) + path.sep);
    return inside && st.isFile() && st.size <= MAX_RECORDING_BYTES;
  } catch {
    return false;
  }
}

/**
 * Where the recordings an annotations file names may be: its folder, or the folder above when
 * that is `annotations/` (where `intentplay annotate` writes, beside the recordings). Others are
 * read only when named with --judge.
 */
function annotationsRoot(annotations: string): string {
  const folder = path.dirname(annotations);
  return path.basename(folder) === 'annotations' ? path.dirname(folder) : folder;
}

function judged(file: string): JudgedSession {
  const recording = readRecording(file);
  return { file, judge: recording.header.backends.judge, state: reduceAll(recording.events) };
}

/**
 * Judged sessions by recording id: from `sources` (recordings, folders of them, results
 * folders) when given, else from the recordings the annotations name, resolved beside the
 * annotations file each came from.
 */
export function judgedSessions(
  records: readonly (AnnotationRecord & { source: string })[],
  sources?: readonly string[],
): { byId: Map<string, JudgedSession>; missing: Set<string> } {
  const byId = new Map<string, JudgedSession>();
  const wanted = new Set(records.map((r) => r.recording_id));
  if (sources?.length) {
    for (const file of expandRecordingPaths(sources)) {
      const id = readableRecording(file) ? recordingId(file) : undefined;
      if (id && wanted.has(id) && !byId.has(id)) byId.set(id, judged(file));
    }
  } else {
    for (const r of records) {
      if (byId.has(r.recording_id)) continue;
      const file = path.resolve(path.dirname(r.source), r.recording);
      // An annotation is others' text: only a bounded regular file near it is read.
      if (
        readableRecording(file, annotationsRoot(r.source)) &&
        recordingId(file) === r.recording_id
      )
        byId.set(r.recording_id, judged(file));
    }
  }
  return { byId, missing: new Set([...wanted].filter((id) => !byId.has(id))) };
}
