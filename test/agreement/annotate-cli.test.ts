/**
 * `intentplay annotate` before its screen opens: which sessions an annotator gets (a seeded
 * sample balanced across scenarios, each session to K annotators), one plan per folder, and
 * clear errors for what cannot be annotated.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignAnnotators, drawSample } from '../../src/annotate/sample.ts';
import type { AnnotationSession } from '../../src/annotate/sessions.ts';
import { prepareWork, SAMPLE_FILE } from '../../src/annotate/work.ts';
import { main } from '../../src/cli/main.ts';
import { makeRecordings } from './helpers.ts';

async function cli(args: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => (err.push(String(c)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, err: err.join('') };
}
afterEach(() => vi.restoreAllMocks());

let root: string;
let rec: string;
let sessions: AnnotationSession[];
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-annotate-cli-'));
  rec = path.join(root, 'recordings');
  sessions = await makeRecordings(rec);
}, 60_000);

describe('the sample', () => {
  const pool = Array.from({ length: 12 }, (_, i) => ({
    id: `id${String(i).padStart(2, '0')}`,
    scenario: `s${i % 3}`,
  }));

  it('draws N sessions spread evenly over the scenarios, the same for the same seed whatever the order given', () => {
    const a = drawSample(pool, 6, 5);
    expect(a).toHaveLength(6);
    const per = (ids: string[]) => ids.map((id) => pool.find((p) => p.id === id)!.scenario).sort();
    expect(per(a)).toEqual(['s0', 's0', 's1', 's1', 's2', 's2']);
    expect(drawSample([...pool].reverse(), 6, 5)).toEqual(a);
    expect(drawSample(pool, 6, 6)).not.toEqual(a);
    expect(drawSample(pool, 50, 1)).toHaveLength(12);
  });

  it('gives each session to K different annotators, and each annotator an equal share', () => {
    const ids = drawSample(pool, 9, 1);
    const assigned = assignAnnotators(ids, ['a', 'b', 'c', 'd'], 2);
    for (const id of ids)
      expect(Object.values(assigned).filter((mine) => mine.includes(id))).toHaveLength(2);
    const loads = Object.values(assigned).map((m) => m.length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(loads.reduce((x, y) => x + y)).toBe(18);
  });

  it('gives each annotator their part of one plan, written beside the answers; other options there are refused', () => {
    const opts = { size: 3, seed: 4, perItem: 2, annotators: ['ann', 'bo', 'cy'] };
    const out = path.join(root, 'study');
    const parts = opts.annotators.map((annotator) =>
      prepareWork([rec], { annotator, out, ...opts }),
    );
    const plan = JSON.parse(readFileSync(path.join(out, SAMPLE_FILE), 'utf8')) as {
      sessions: string[];
    };
    expect(plan.sessions).toHaveLength(3);
    for (const id of plan.sessions)
      expect(parts.filter((p) => p.tasks.some((t) => t.session.id === id))).toHaveLength(2);
    // Two scenarios in the pool: a sample of three covers both.
    expect(
      new Set(plan.sessions.map((id) => sessions.find((s) => s.id === id)!.scenario)).size,
    ).toBe(2);
    expect(() => prepareWork([rec], { annotator: 'ann', out, ...opts, seed: 5 })).toThrow(
      /sample in this folder was drawn .* other/,
    );
    expect(() => prepareWork([rec], { annotator: 'zed', out, ...opts })).toThrow(
      '--annotator zed is not in --annotators (ann, bo, cy)',
    );
    expect(() =>
      prepareWork([rec], { annotator: 'ann', out: path.join(root, 'x'), perItem: 2 }),
    ).toThrow(/--per-item needs --annotators/);
  });
});

describe('aborted attempts', () => {
  it('--sample never draws an aborted session (stopped mid-turn): it is skipped with its reason', () => {
    const pool = path.join(root, 'with-aborted');
    mkdirSync(pool);
    for (const s of sessions) copyFileSync(s.file, path.join(pool, path.basename(s.file)));
    // The same session, stopped: its last event says so (and its id differs: the contents do).
    const aborted = path.join(pool, 'zz-aborted.jsonl');
    const lines = readFileSync(sessions[0]!.file, 'utf8').trimEnd().split('\n');
    const end = JSON.parse(lines.at(-1)!) as { type: string; end: string };
    expect(end.type).toBe('session_end');
    writeFileSync(
      aborted,
      [...lines.slice(0, -1), JSON.stringify({ ...end, end: 'aborted' })].join('\n') + '\n',
    );
    const work = prepareWork([pool], {
      annotator: 'ann',
      out: path.join(root, 'aborted-out'),
      size: sessions.length + 1,
      seed: 1,
    });
    expect(work.plan!.sessions).toHaveLength(sessions.length);
    expect(work.tasks.some((t) => t.session.file === aborted)).toBe(false);
    expect(work.skipped).toEqual([expect.stringContaining(`${aborted}: the session was aborted`)]);
  });
});

describe('intentplay annotate', () => {
  it('refuses a pipe with a clear message, after checking the files', async () => {
    const r = await cli(['annotate', rec, '--annotator', 'pat']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('annotate needs an interactive terminal');
  });

  it('says when everything is answered already, instead of opening the screen', async () => {
    const one = sessions[0]!;
    const out = path.join(root, 'done');
    const work = prepareWork([one.file], { annotator: 'kim', out });
    const { answerRecord } = await import('../../src/annotate/work.ts');
    const { appendAnnotation } = await import('../../src/annotate/records.ts');
    for (const t of work.tasks)
      appendAnnotation(
        work.file,
        answerRecord(work, t, t.item.axis === 'intent' ? 'completed' : 'pass', 'ok'),
      );
    const r = await cli(['annotate', one.file, '--annotator', 'kim', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`kim has answered all ${work.tasks.length} items`);
  });

  it('names the file that is missing, not a recording, or unfinished, without a stack trace', async () => {
    const notRec = path.join(root, 'notes.jsonl');
    writeFileSync(notRec, '{"hello":1}\n');
    const torn = path.join(root, 'torn.jsonl');
    copyFileSync(sessions[0]!.file, torn);
    writeFileSync(torn, readFileSync(torn, 'utf8').split('\n').slice(0, 3).join('\n') + '\n');
    const cases: [string[], string][] = [
      [[path.join(root, 'nope.jsonl')], 'nope.jsonl: no such file or folder'],
      [[notRec], `${notRec}:1: not an intentplay recording`],
      [[torn], `${torn}: the session did not finish (no session_end)`],
      [[sessions[0]!.file, '--annotator', 'a b'], '--annotator "a b": use letters, digits'],
    ];
    for (const [args, message] of cases) {
      const r = await cli([
        'annotate',
        ...args,
        ...(args.includes('--annotator') ? [] : ['--annotator', 'pat']),
      ]);
      expect(r.code, message).toBe(1);
      expect(r.err).toContain(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});
