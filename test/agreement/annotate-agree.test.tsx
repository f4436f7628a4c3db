/**
 * From recordings to agreement through the screen, as a study runs: two annotators share a
 * seeded sample, each answers every item with keys and a typed reason, and `intentplay
 * agreement` reads the files they produced.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgreementResult } from '../../src/agreement/analyse.ts';
import { cohenKappa } from '../../src/agreement/stats.ts';
import { AnnotateScreen } from '../../src/annotate/AnnotateScreen.tsx';
import { appendAnnotation, LABELS, readAnnotations } from '../../src/annotate/records.ts';
import { answerRecord, prepareWork, type AnnotationWork } from '../../src/annotate/work.ts';
import { taskKey } from '../../src/annotate/sessions.ts';
import { main } from '../../src/cli/main.ts';
import { press, KEYS, renderTui, waitForFrame } from '../tui/harness.tsx';
import { judgeOf, makeRecordings } from './helpers.ts';

let rec: string;
beforeAll(async () => {
  rec = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-annotate-agree-')), 'recordings');
  await makeRecordings(rec);
}, 60_000);
afterEach(() => vi.restoreAllMocks());

const STUDY = { size: 2, seed: 3, perItem: 2, annotators: ['ann', 'bo'] };

/** Answers every item of `work` through the screen: `choose` picks the answer's index. */
async function annotate(
  work: AnnotationWork,
  choose: (t: AnnotationWork['tasks'][number]) => number,
): Promise<void> {
  const r = renderTui(
    <AnnotateScreen
      tasks={work.tasks}
      answered={work.answered}
      annotator={work.annotator}
      onAnswer={(t, l, why) => appendAnnotation(work.file, answerRecord(work, t, l, why))}
    />,
    { columns: 140, rows: 36 },
  );
  try {
    for (const [i, task] of work.tasks.entries()) {
      await waitForFrame(
        r,
        (f) => f.includes(`item ${i + 1}/${work.tasks.length}`) && f.includes(`${task.item.id}`),
      );
      await press(r, String(choose(task) + 1));
      await waitForFrame(r, (f) => f.includes('Why '));
      await press(r, `Read turn by turn; item ${task.item.id} looked that way to me.`, KEYS.enter);
    }
    await waitForFrame(r, (f) => f.includes(`All ${work.tasks.length} items are annotated`));
  } finally {
    r.unmount();
  }
}

describe('annotate, then agreement', () => {
  it(
    "two annotators label a shared sample; agreement reads their files and the recordings' judge",
    { timeout: 60_000 },
    async () => {
      const ann = prepareWork([rec], { annotator: 'ann', ...STUDY });
      const bo = prepareWork([rec], { annotator: 'bo', ...STUDY });
      // --per-item 2 with two annotators: both get both sessions.
      expect(bo.tasks.map((t) => t.session.id)).toEqual(ann.tasks.map((t) => t.session.id));
      const judgeIndex = (t: AnnotationWork['tasks'][number]) =>
        Math.max(0, LABELS[t.item.axis].indexOf(judgeOf(t.session, t.item.axis, t.item.id) ?? ''));
      await annotate(ann, judgeIndex); // ann answers as the judge did
      await annotate(bo, () => 0); // bo answers completed / pass throughout

      const labels = (w: AnnotationWork) =>
        new Map(readAnnotations(w.file).map((r) => [`${r.recording_id}/${r.axis}/${r.item}`, r]));
      const a = labels(ann);
      const b = labels(bo);
      expect(a.size).toBe(ann.tasks.length);
      expect([...a.values()][0]!.rationale).toMatch(
        /^Read turn by turn; item \w+ looked that way to me\.$/,
      );

      const out: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
      expect(await main(['agreement', path.join(rec, 'annotations'), '--format', 'json'])).toBe(0);
      vi.restoreAllMocks();
      const result = JSON.parse(out.join('')) as AgreementResult;
      expect(result.annotators).toEqual(['ann', 'bo']);
      const byKey = new Map(ann.tasks.map((t) => [taskKey(t), t]));
      for (const axis of ['intent', 'checklist'] as const) {
        const keys = [...a.keys()].filter((k) => a.get(k)!.axis === axis);
        const pairs = keys.map((k) => [a.get(k)!.label, b.get(k)!.label] as const);
        const got = result.axes.find((x) => x.axis === axis)!;
        expect(got.human.shared).toBe(keys.length);
        expect(got.human.percent.value).toBeCloseTo(
          pairs.filter(([x, y]) => x === y).length / pairs.length,
          10,
        );
        expect(got.human.cohen?.value ?? null).toEqual(cohenKappa(pairs));
        // Two annotators have a majority only where they agree; the judge's ungraded items are left out.
        const judge = keys.map((k) => judgeOf(byKey.get(k)!.session, axis, a.get(k)!.item));
        expect(got.judge.ungraded).toBe(judge.filter((j) => j === null).length);
        expect(got.judge.noMajority).toBe(
          pairs.filter(([x, y], i) => x !== y && judge[i] !== null).length,
        );
        expect(got.judge.compared).toBe(
          pairs.filter(([x, y], i) => x === y && judge[i] !== null).length,
        );
        // Where they agree, ann answered as the judge did: no disagreement.
        if (got.judge.compared) expect(got.judge.disagreement.value).toBe(0);
      }
    },
  );
});
