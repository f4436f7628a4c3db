/**
 * `intentplay agreement` end to end: real recordings of the test library, annotation files
 * written for three annotators whose disagreements are known, and the command's output.
 */
import { mkdtempSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgreementResult } from '../../src/agreement/analyse.ts';
import type { AnnotationSession } from '../../src/annotate/sessions.ts';
import { main } from '../../src/cli/main.ts';
import { annotateAll, judgeOf, makeRecordings } from './helpers.ts';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => (err.push(String(c)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out: out.join(''), err: err.join('') };
}

let root: string;
let rec: string;
let sessions: AnnotationSession[];
let items: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-agreement-'));
  rec = path.join(root, 'recordings');
  sessions = await makeRecordings(rec);
  items = sessions.reduce((n, s) => n + s.items.length, 0);
  const ann = path.join(rec, 'annotations');
  const flip = (l: string, axis: 'intent' | 'checklist') => {
    if (axis === 'checklist') return l === 'pass' ? 'fail' : 'pass';
    return l === 'completed' ? 'provided' : 'completed';
  };
  // alice agrees with the judge everywhere it graded (and calls ungraded items "pass").
  annotateAll(
    path.join(ann, 'alice.jsonl'),
    'alice',
    sessions,
    (s, axis, id) => judgeOf(s, axis, id) ?? 'pass',
  );
  // bob flips the first intent of every session; carol flips the first checklist item.
  annotateAll(path.join(ann, 'bob.jsonl'), 'bob', sessions, (s, axis, id) => {
    const j = judgeOf(s, axis, id) ?? 'pass';
    return axis === 'intent' && id === 'I1' ? flip(j, axis) : j;
  });
  annotateAll(path.join(ann, 'carol.jsonl'), 'carol', sessions, (s, axis, id) => {
    const j = judgeOf(s, axis, id) ?? 'pass';
    return axis === 'checklist' && id === 'C1' ? flip(j, axis) : j;
  });
}, 60_000);

afterEach(() => vi.restoreAllMocks());

describe('intentplay agreement', () => {
  it('reports agreement among three annotators and with the judge, in JSON', async () => {
    const { code, out } = await cli(['agreement', rec, '--format', 'json', '--seed', '3']);
    expect(code).toBe(0);
    const r = JSON.parse(out) as AgreementResult;
    expect(r.annotators).toEqual(['alice', 'bob', 'carol']);
    expect(r.records).toBe(3 * items);
    expect(r.judges).toEqual(['rules']);
    const intent = r.axes.find((a) => a.axis === 'intent')!;
    const check = r.axes.find((a) => a.axis === 'checklist')!;
    const intents = sessions.reduce((n, s) => n + s.state.intents.length, 0);
    expect(intent.items).toBe(intents);
    // Four sessions, one flipped intent each: on those, 1 of 3 pairs agrees; elsewhere all do.
    expect(intent.human.percent.value).toBeCloseTo((intents - 4 + 4 / 3) / intents, 10);
    expect(intent.human.cohen).toBeNull();
    expect(intent.human.fleiss?.value).toBeGreaterThan(0);
    expect(intent.human.fleiss?.value).toBeLessThan(1);
    // Two of three always agree with the judge, so the majority is the judge: no disagreement.
    expect(intent.judge.compared).toBe(intents);
    expect(intent.judge.disagreement.value).toBe(0);
    expect(intent.judge.accuracy.value).toBe(1);
    const bob = intent.judge.perAnnotator.find((p) => p.annotator === 'bob')!;
    expect(bob.accuracy).toBeCloseTo((intents - 4) / intents, 10);
    // Checklist: C3 of the plan session is ungraded by the rules judge, twice (two plan sessions).
    expect(check.judge.ungraded).toBe(2);
    expect(check.judge.compared).toBe(check.items - 2);
    // Intervals bracket their estimates.
    for (const e of [intent.human.percent, intent.human.alpha, check.human.alpha]) {
      expect(e.low!).toBeLessThanOrEqual(e.value!);
      expect(e.high!).toBeGreaterThanOrEqual(e.value!);
    }
    // The same seed gives the same intervals.
    expect(
      JSON.parse((await cli(['agreement', rec, '--format', 'json', '--seed', '3'])).out),
    ).toEqual(r);
  });

  it("finds a judge that disagrees with the majority, with Cohen's κ for two annotators, as text and Markdown", async () => {
    const two = path.join(root, 'two');
    mkdirSync(two);
    const flipAll = (l: string | null, axis: 'intent' | 'checklist') => {
      if (axis === 'checklist') return l === 'pass' ? 'fail' : 'pass';
      return l === 'completed' ? 'unresolved' : 'completed';
    };
    annotateAll(path.join(two, 'dan.jsonl'), 'dan', sessions, (s, axis, id) =>
      flipAll(judgeOf(s, axis, id), axis),
    );
    annotateAll(path.join(two, 'eve.jsonl'), 'eve', sessions, (s, axis, id) =>
      flipAll(judgeOf(s, axis, id), axis),
    );
    const text = await cli([
      'agreement',
      path.join(two, 'dan.jsonl'),
      path.join(two, 'eve.jsonl'),
      '--judge',
      rec,
    ]);
    expect(text.code).toBe(0);
    expect(text.out).toContain("Cohen's κ");
    expect(text.out).not.toContain("Fleiss' κ");
    expect(text.out).toMatch(/percent agreement\s+100\.0%/);
    expect(text.out).toMatch(/disagreement rate \(π-Bench\)\s+100\.0%/);
    expect(text.out).toContain(
      'Checklist: confusion matrix (rows: the judge; columns: the majority)',
    );
    const md = await cli(['agreement', two, '--judge', rec, '--format', 'md']);
    expect(md.out).toMatch(/^# Agreement/);
    expect(md.out).toContain('| disagreement rate (π-Bench) | 100.0% |');
  });

  it('finds moved recordings by their content through --judge, and says when none match', async () => {
    const moved = path.join(root, 'moved');
    mkdirSync(moved);
    const ann = path.join(root, 'ann-only');
    mkdirSync(ann);
    annotateAll(
      path.join(ann, 'zed.jsonl'),
      'zed',
      sessions,
      (s, axis, id) => judgeOf(s, axis, id) ?? 'pass',
    );
    renameSync(rec, path.join(moved, 'recordings'));
    try {
      const lost = JSON.parse(
        (await cli(['agreement', ann, '--format', 'json'])).out,
      ) as AgreementResult;
      expect(lost.axes[0]!.judge.unmatched).toBe(lost.axes[0]!.items);
      expect(lost.judges).toEqual([]);
      const found = JSON.parse(
        (await cli(['agreement', ann, '--judge', moved, '--format', 'json'])).out,
      ) as AgreementResult;
      expect(found.axes[0]!.judge.unmatched).toBe(0);
      expect(found.axes[0]!.judge.accuracy.value).toBe(1);
    } finally {
      renameSync(path.join(moved, 'recordings'), rec);
    }
  });

  it('names the file and line of a bad record, and a missing file, without a stack trace', async () => {
    const bad = path.join(root, 'bad.jsonl');
    writeFileSync(bad, '{"format":"intentplay-annotation","version":1}\n');
    const r = await cli(['agreement', bad]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${bad}:1: "recording" must be a non-empty string`);
    expect(r.err).not.toMatch(/\n\s+at /);
    const wrong = path.join(root, 'wrong.jsonl');
    writeFileSync(
      wrong,
      JSON.stringify({
        format: 'intentplay-annotation',
        version: 1,
        recording: 'r.jsonl',
        recording_id: 'ab',
        scenario: 's',
        axis: 'checklist',
        item: 'C1',
        label: 'completed',
        rationale: '',
        annotator: 'a',
        time: 't',
      }) + '\n',
    );
    expect((await cli(['agreement', wrong])).err).toContain(
      `${wrong}:1: "label" "completed" is not an answer for a checklist item: one of pass, fail`,
    );
    const missing = await cli(['agreement', path.join(root, 'nope.jsonl')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('nope.jsonl: no such file or folder');
    const format = await cli(['agreement', bad, '--format', 'csv']);
    expect(format.err).toContain('--format "csv": expected one of text, md, json');
  });
});
