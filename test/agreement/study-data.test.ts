/**
 * A study's sessions checked by annotators: a study's data folder (participants/ID/recordings,
 * as `study run` and `serve --study` write it) stands for every participant's recordings, in
 * `annotate` and in `agreement --judge`. Before, it was refused ("no recordings in this folder"),
 * and a researcher had to name each participant's recordings folder, one --judge each.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgreementResult } from '../../src/agreement/analyse.ts';
import { expandRecordingPaths, type AnnotationSession } from '../../src/annotate/sessions.ts';
import { main } from '../../src/cli/main.ts';
import { annotateAll, judgeOf, makeRecordings } from './helpers.ts';

let data: string;
let annotations: string;
let sessions: AnnotationSession[];

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-study-annotate-'));
  data = path.join(root, 'study-data');
  sessions = [
    ...(await makeRecordings(path.join(data, 'participants/P01/recordings'))),
    ...(await makeRecordings(path.join(data, 'participants/P02/recordings'))),
  ];
  annotations = path.join(root, 'study-annotations');
  for (const who of ['ana', 'ben'])
    annotateAll(
      path.join(annotations, `${who}.jsonl`),
      who,
      sessions,
      (s, axis, id) => judgeOf(s, axis, id) ?? 'pass',
    );
}, 60_000);
afterEach(() => vi.restoreAllMocks());

describe("a study's data folder as recordings", () => {
  it("stands for every participant's recordings", () => {
    const files = expandRecordingPaths([data]);
    expect(files).toHaveLength(sessions.length);
    expect(files.filter((f) => f.includes('/participants/P02/recordings/'))).toHaveLength(
      sessions.length / 2,
    );
  });

  it('gives agreement the judge of every annotated session with one --judge', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await main(['agreement', annotations, '--judge', data, '--format', 'json']);
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const result = JSON.parse(out.join('')) as AgreementResult;
    for (const axis of result.axes) {
      expect(axis.judge.unmatched).toBe(0);
      expect(axis.judge.accuracy.value).toBe(1);
    }
  });
});
