/**
 * Annotation records (docs/annotation.md): JSON Lines, one file per annotator, one line per
 * labelled item, appended as each answer is given so quitting loses nothing. A record names
 * the recording by a hash of its content, so files can move and the statistics still match
 * the same session.
 */
import { errorMessage } from '../contracts/errors.ts';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';

export const ANNOTATION_FORMAT = 'intentplay-annotation';
export const ANNOTATION_VERSION = 1;

export type Axis = 'intent' | 'checklist';
export const AXES: readonly Axis[] = ['intent', 'checklist'];

/** The labels a person chooses from: the judge's terminal intent statuses, and a checklist verdict. */
export const LABELS: Record<Axis, readonly string[]> = {
  intent: ['completed', 'inferred', 'provided', 'unresolved'],
  checklist: ['pass', 'fail'],
};

export interface AnnotationRecord {
  format: typeof ANNOTATION_FORMAT;
  version: number;
  /** The recording's path relative to the annotations file's folder, as it was when annotated. */
  recording: string;
  /** First 16 hex digits of the SHA-256 of the recording's bytes: which session this is. */
  recording_id: string;
  /** The session's scenario id. */
  scenario: string;
  axis: Axis;
  /** Intent or checklist item id (I1, C2, …). */
  item: string;
  label: string;
  rationale: string;
  annotator: string;
  /** When the answer was given (ISO time). */
  time: string;
}

const MAX_ANNOTATIONS_BYTES = 64 * 1024 * 1024;

export function recordingId(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
}

/** The key of one labelled item across annotators. */
export const itemKey = (r: Pick<AnnotationRecord, 'recording_id' | 'axis' | 'item'>): string =>
  `${r.recording_id}/${r.axis}/${r.item}`;

const ANNOTATOR = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function checkAnnotatorName(name: string): string {
  if (!ANNOTATOR.test(name))
    throw new UserError(
      `--annotator ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-' (it names the file the answers go to)`,
    );
  return name;
}

function recordProblem(r: Partial<AnnotationRecord>): string | undefined {
  if (r.format !== ANNOTATION_FORMAT)
    return `not an annotation record (format ${JSON.stringify(r.format)}; expected "${ANNOTATION_FORMAT}")`;
  if (r.version !== ANNOTATION_VERSION)
    return `annotation version ${String(r.version)} is not supported (this intentplay reads version ${ANNOTATION_VERSION})`;
  for (const key of [
    'recording',
    'recording_id',
    'scenario',
    'item',
    'label',
    'annotator',
    'time',
  ] as const)
    if (typeof r[key] !== 'string' || !r[key]) return `"${key}" must be a non-empty string`;
  if (!AXES.includes(r.axis as Axis)) return `"axis" must be one of ${AXES.join(', ')}`;
  if (!LABELS[r.axis!].includes(r.label!))
    return `"label" ${JSON.stringify(r.label)} is not an answer for a${r.axis === 'intent' ? 'n intent' : ' checklist item'}: one of ${LABELS[r.axis!].join(', ')}`;
  if (typeof r.rationale !== 'string') return '"rationale" must be a string';
  return undefined;
}

/**
 * Reads an annotations file, naming the line of any bad record. A line cut short at the very
 * end (a crash mid-write) is ignored. A missing file is an empty one when `missingOk`.
 */
export function readAnnotations(
  file: string,
  opts: { missingOk?: boolean } = {},
): AnnotationRecord[] {
  let text: string;
  try {
    // Only a regular file of sensible size: a pipe would block, a device never end.
    const st = statSync(file);
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > MAX_ANNOTATIONS_BYTES)
      throw new Error(`larger than ${MAX_ANNOTATIONS_BYTES / 1024 / 1024} MB`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (opts.missingOk && (err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new UserError(`${file}: cannot read annotations: ${errorMessage(err)}`);
  }
  // A byte order mark (some Windows editors write one) is not part of the first record.
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const out: AnnotationRecord[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let value: Partial<AnnotationRecord>;
    try {
      value = JSON.parse(line) as Partial<AnnotationRecord>;
    } catch {
      if (i === lines.length - 1) return; // torn final write
      throw new UserError(
        `${file}:${i + 1}: not JSON; an annotations file holds one record per line`,
      );
    }
    const problem = value && typeof value === 'object' ? recordProblem(value) : 'not a JSON object';
    if (problem) throw new UserError(`${file}:${i + 1}: ${problem}`);
    out.push(value as AnnotationRecord);
  });
  return out;
}

/** Appends one record with a single write. */
export function appendAnnotation(file: string, record: AnnotationRecord): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify(record) + '\n');
}
