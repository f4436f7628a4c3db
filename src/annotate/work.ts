/**
 * An annotator's work: the sessions (all, or their part of a seeded sample), the items in
 * them, which are answered already (so a second run resumes), and how an answer becomes a
 * record. The sample is written to `sample.json` beside the answers, and a later run with
 * other options is refused there, so every annotator works from one plan.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import {
  ANNOTATION_FORMAT,
  ANNOTATION_VERSION,
  checkAnnotatorName,
  itemKey,
  readAnnotations,
  type AnnotationRecord,
} from './records.ts';
import { planSample, sessionsFor, type SampleOptions, type SamplePlan } from './sample.ts';
import { expandRecordingPaths, loadSessions, taskKey, type AnnotateTask } from './sessions.ts';

export const SAMPLE_FILE = 'sample.json';

export interface AnnotationWork {
  annotator: string;
  /** The answers file. */
  file: string;
  tasks: AnnotateTask[];
  answered: Set<string>;
  /** Recordings left out, with why. */
  skipped: string[];
  plan?: SamplePlan;
}

export interface WorkOptions extends Partial<SampleOptions> {
  annotator: string;
  out?: string | undefined;
}

function checkPlan(dir: string, plan: SamplePlan): void {
  const file = path.join(dir, SAMPLE_FILE);
  const text = JSON.stringify(plan, null, 2) + '\n';
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text);
    return;
  }
  if (readFileSync(file, 'utf8') === text) return;
  throw new UserError(
    `${file}: the sample in this folder was drawn from other recordings or with other --sample, --seed, --per-item or --annotators; run with the options it was drawn with (they are in the file), or use another --out`,
  );
}

export function prepareWork(args: readonly string[], o: WorkOptions): AnnotationWork {
  const annotator = checkAnnotatorName(o.annotator);
  const { sessions, skipped } = loadSessions(expandRecordingPaths(args));
  const dir = path.resolve(o.out ?? path.join(path.dirname(sessions[0]!.file), 'annotations'));
  const file = path.join(dir, `${annotator}.jsonl`);
  let order = sessions;
  let plan: SamplePlan | undefined;
  if (o.size !== undefined || o.perItem !== undefined || o.annotators !== undefined) {
    plan = planSample(sessions, {
      size: o.size,
      seed: o.seed ?? 0,
      perItem: o.perItem,
      annotators: o.annotators,
    });
    const mine = sessionsFor(plan, annotator);
    checkPlan(dir, plan);
    const byId = new Map(sessions.map((s) => [s.id, s]));
    order = mine.map((id) => byId.get(id)!);
  }
  const tasks = order.flatMap((session) => session.items.map((item) => ({ session, item })));
  const wanted = new Set(tasks.map(taskKey));
  const answered = new Set(
    readAnnotations(file, { missingOk: true })
      .filter((r) => r.annotator === annotator)
      .map(itemKey)
      .filter((k) => wanted.has(k)),
  );
  return { annotator, file, tasks, answered, skipped, ...(plan ? { plan } : {}) };
}

export function answerRecord(
  work: Pick<AnnotationWork, 'annotator' | 'file'>,
  task: AnnotateTask,
  label: string,
  rationale: string,
  now = new Date(),
): AnnotationRecord {
  return {
    format: ANNOTATION_FORMAT,
    version: ANNOTATION_VERSION,
    recording: path.relative(path.dirname(work.file), task.session.file),
    recording_id: task.session.id,
    scenario: task.session.scenario,
    axis: task.item.axis,
    item: task.item.id,
    label,
    rationale,
    annotator: work.annotator,
    time: now.toISOString(),
  };
}
