/**
 * The judge's labels for annotated items, read from recordings: each intent's final status
 * and each checklist item's verdict, through the same reducer every view uses. Recordings are
 * matched to annotations by content hash, so they may have moved since.
 */
import { existsSync } from 'node:fs';
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
  if (axis === 'intent') return state.intentStates[item]?.status ?? (state.intents.some((i) => i.id === item) ? 'open' : null);
  const check = state.checks[item];
  return check && check.pass !== null ? (check.pass ? 'pass' : 'fail') : null;
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
      const id = recordingId(file);
      if (wanted.has(id) && !byId.has(id)) byId.set(id, judged(file));
    }
  } else {
    for (const r of records) {
      if (byId.has(r.recording_id)) continue;
      const file = path.resolve(path.dirname(r.source), r.recording);
      if (existsSync(file) && recordingId(file) === r.recording_id) byId.set(r.recording_id, judged(file));
    }
  }
  return { byId, missing: new Set([...wanted].filter((id) => !byId.has(id))) };
}
