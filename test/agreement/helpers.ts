/** Recordings made in-test from the test library, and the judge's labels in them, for annotation tests. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSession, type AnnotationSession } from '../../src/annotate/sessions.ts';
import { judgeLabel } from '../../src/agreement/judge-labels.ts';
import {
  appendAnnotation,
  ANNOTATION_FORMAT,
  ANNOTATION_VERSION,
} from '../../src/annotate/records.ts';
import { runTarget } from '../helpers/run.ts';

export const LIB = path.resolve('test/fixtures/lib');

/** The tester episode (gear, then plan) played by the proactive and the reactive script: four recordings in `dir`. */
export async function makeRecordings(dir: string): Promise<AnnotationSession[]> {
  await runTarget(LIB, { agent: 'script:proactive', recordingsDir: dir });
  await runTarget(LIB, { agent: 'script:reactive', recordingsDir: dir });
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => loadSession(path.join(dir, f)));
}

export const judgeOf = (s: AnnotationSession, axis: 'intent' | 'checklist', id: string) =>
  judgeLabel(s.state, axis, id);

/** One annotation line as a hand-written (or hostile) file would hold it: intent I1 of scenario p/s. */
export const annotationLine = (recording: string, annotator: string, label = 'completed') =>
  JSON.stringify({
    format: ANNOTATION_FORMAT,
    version: ANNOTATION_VERSION,
    recording,
    recording_id: `id-${recording.replace(/\W/g, '')}`,
    scenario: 'p/s',
    axis: 'intent',
    item: 'I1',
    label,
    rationale: '',
    annotator,
    time: '2026-01-01T00:00:00.000Z',
  });

/** Writes one annotator's answers: `label(session, item)` decides each label (undefined: not annotated). */
export function annotateAll(
  file: string,
  annotator: string,
  sessions: readonly AnnotationSession[],
  label: (s: AnnotationSession, axis: 'intent' | 'checklist', id: string) => string | undefined,
): number {
  let n = 0;
  for (const s of sessions)
    for (const item of s.items) {
      const l = label(s, item.axis, item.id);
      if (l === undefined) continue;
      appendAnnotation(file, {
        format: ANNOTATION_FORMAT,
        version: ANNOTATION_VERSION,
        recording: path.relative(path.dirname(file), s.file),
        recording_id: s.id,
        scenario: s.scenario,
        axis: item.axis,
        item: item.id,
        label: l,
        rationale: `because ${l}`,
        annotator,
        time: '2026-01-01T00:00:00.000Z',
      });
      n++;
    }
  return n;
}
