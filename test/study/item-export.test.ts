/**
 * The question types, custom scales and checks in the data: three participants through the
 * runner (no screen), one excluded by the check rule; then answers.csv, scores.csv (reverse
 * coding), questions.csv and the codebook (every item's wording, anchors, options), pages.csv
 * (page onsets), participants.csv (checks) read as they are by pandas and R, and the report.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportStudyData } from '../../src/study/export.ts';
import { loadStudy, type Study } from '../../src/study/load.ts';
import type { AnswerValue } from '../../src/study/questionnaire.ts';
import { studyReport } from '../../src/study/report.ts';
import { readStudyData } from '../../src/study/data.ts';
import { statusText } from '../../src/study/status.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { writeStudy } from './helpers.ts';
import { itemStudyYaml } from './item-study.ts';
import { playSession } from './run-helpers.ts';

let dir = '';
let study: Study;
let data = '';
const out = () => path.join(dir, 'out');

/** Answers the "before" questions from `values` (by item), the sessions, then the preference. */
async function participant(id: string, values: Record<string, AnswerValue[]>) {
  const runner = new StudyRunner(study, data, id, { date: '2025-01-01' });
  runner.agree();
  runner.next();
  for (const item of runner.items(runner.store.getState().step))
    for (const v of values[item.item]!) if (runner.answer(item, v) === 'stop') return runner.next(); // enter on the excluded page
  runner.questionnaireDone();
  await playSession(runner, (r) => r.store.getState().live!.endSession());
  await playSession(runner, (r) => r.store.getState().live!.endSession());
  const [prefer] = runner.items(runner.store.getState().step);
  runner.answer(prefer!, values.prefer![0]!);
  runner.questionnaireDone();
  runner.next();
}

const base = {
  often: [1],
  tools: [[1, 3]],
  age: [34],
  values: [[2, 3, 1]],
  attend: [2],
  role: [2],
  rely: [5],
  misled: [1],
  prefer: [2],
};

beforeAll(async () => {
  const written = writeStudy(itemStudyYaml('{ fail_after: 2, on_fail: exclude }'));
  dir = written.dir;
  study = loadStudy(written.file);
  data = path.join(dir, 'data');
  // P01 fails the attention check once (kept); P02 fails it and the comprehension check (excluded).
  await participant('P01', { ...base, attend: [4] });
  await participant('P02', { ...base, attend: [5], role: [1, 2] });
  await participant('P03', { ...base, tools: [[2]], rely: [2], misled: [4], prefer: [0] });
  exportStudyData(study, data, out());
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PYTHON = ['/usr/bin/python3', 'python3'].find(
  (c) => spawnSync(c, ['-c', 'import pandas'], { stdio: 'ignore' }).status === 0,
);
const RSCRIPT =
  spawnSync('Rscript', ['--version'], { stdio: 'ignore' }).status === 0 ? 'Rscript' : undefined;
const READERS = path.join(path.dirname(new URL(import.meta.url).pathname), 'readers');

/** Runs a script in python or R with the export folder as its argument; returns its output lines. */
function run(command: string, args: string[]): string[] {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).not.toMatch(/Error|Traceback/);
  expect(r.status).toBe(0);
  return r.stdout.trim().split('\n');
}

const PANDAS = `
import sys, pandas as pd
f = sys.argv[1]
read = lambda n: pd.read_csv(f + '/' + n, keep_default_na=False, na_values=[''])
a = read('answers.csv').set_index(['participant', 'item'])
print(repr(a.loc[('P01', 'tools'), 'value']), a.loc[('P01', 'tools'), 'value_label'])
print(repr(a.loc[('P01', 'values'), 'value']), a.loc[('P01', 'values'), 'value_label'])
print(a.loc[('P01', 'prefer'), 'value'], a.loc[('P01', 'prefer'), 'value_label'], a.loc[('P03', 'prefer'), 'value_label'])
print(a.loc[('P01', 'attend'), 'check_passed'], a.loc[('P02', 'role'), 'check_passed'], a['check_passed'].dtype)
s = read('scores.csv')
print(s[['participant', 'question', 'score']].to_csv(index=False, header=False).strip().replace('\\n', ' '), s['score'].dtype)
p = read('participants.csv').set_index('participant')
print(p['check_failures'].tolist(), p['check_flagged'].tolist(), p['excluded'].notna().tolist())
g = read('pages.csv')
print(' '.join(g[g.participant == 'P02'].page), g.shown.notna().all(), (g.duration_ms.dropna() >= 0).all())
fl = read('flow.csv').set_index('stage')['count']
print(*[int(fl[k]) for k in ['started', 'excluded', 'completed', 'in_progress']])  # invited is missing: floats
q = read('questions.csv').set_index('item')
print(q.loc['misled', 'reversed'], q.loc['rely', 'anchor_low'], q.loc['often', 'options'])
`;

describe('question types, scales and checks in the export', () => {
  it.skipIf(!PYTHON)('pandas reads the answers, scores, checks and page onsets as they are', () => {
    const lines = run(PYTHON!, ['-c', PANDAS, out()]);
    expect(lines).toEqual([
      "'1;3' Email | Calendar",
      "'2;3;1' Accuracy | Privacy | Speed",
      // P01 played proactive then reactive (participant #1 of seed 1): session 2 is reactive.
      '2 reactive no preference',
      // A logical column with missing cells reads as objects (True, False, NaN).
      'False False object',
      // rely 5, misled 1 reversed to 5: mean 5; P03: 2 and 4 → 2: mean 2. P02 stopped before: missing.
      'P01,trust,5.0 P02,trust, P03,trust,2.0 float64',
      '[1, 2, 0] [False, True, False] [False, True, False]',
      'consent instructions before excluded True True',
      '3 1 2 0',
      'True Strongly disagree 1 = Every day | 2 = Weekly | 3 = Never',
    ]);
  });

  it.skipIf(!RSCRIPT)('R reads option numbers as text and scores as numbers', () => {
    const lines = run(RSCRIPT!, [
      '-e',
      `f <- commandArgs(trailingOnly = TRUE)[1]
a <- read.csv(file.path(f, "answers.csv"), na.strings = "")
cat(class(a$value), a$value[a$participant == "P01" & a$item == "values"], "\\n")
s <- read.csv(file.path(f, "scores.csv"), na.strings = "")
cat(class(s$score), s$score, "\\n")
p <- read.csv(file.path(f, "participants.csv"), na.strings = "")
cat(class(p$check_flagged), p$check_failures, "\\n")`,
      out(),
    ]);
    expect(lines.map((l) => l.trim())).toEqual([
      'character 2;3;1',
      'integer 5 NA 2',
      'logical 1 2 0',
    ]);
  });

  it.skipIf(!PYTHON || !RSCRIPT)(
    "every file reads with the codebook's columns and types in pandas and R",
    () => {
      for (const [cmd, script] of [
        [PYTHON!, 'check-export.py'],
        [RSCRIPT!, 'check-export.R'],
      ] as const) {
        const lines = run(cmd, [path.join(READERS, script), out()]).map((l) => l.split('\t'));
        expect(lines.filter((l) => l[3]).map((l) => `${cmd} ${l[0]}: ${l[3]}`)).toEqual([]);
        expect(lines.map((l) => l[0])).toContain('questions.csv');
      }
    },
  );

  it('the codebook lists every question with its wording, anchors or options, reverse coding and checks', () => {
    const book = readFileSync(path.join(out(), 'codebook.md'), 'utf8');
    expect(book).toContain('## The questions');
    expect(book).toContain(
      '| before | `misled` | scale | About assistants in general: One would mislead me. | 1 = Strongly disagree … 5 = Strongly agree | reverse-coded |',
    );
    expect(book).toContain(
      '| before | `role` | choice | In this study you play | 1 = The assistant \\| 2 = The user | comprehension check, correct: 2 |',
    );
    expect(book).toContain(
      '| before | `age` | numeric | Your age? | a number from 18 to 99 (years) |',
    );
    expect(book).toContain(
      '- `trust` (before): mean of rely, misled (each 1–5); reverse-coded: misled (scored 6 − answer)',
    );
    expect(book).toContain('## pages.csv');
  });

  it('study status says where the excluded participant stopped, and that their run is over', () => {
    const text = statusText(data, readStudyData(study, data));
    expect(text).toMatch(/P02 {2}#2 {2}excluded by the checks {2}not running/);
    expect(text).toContain('excluded         1 (by the checks)');
  });

  it('the report leaves out the excluded participant and summarises each question', () => {
    const text = studyReport(study, data, 'text');
    expect(text).toMatch(/trust\s+before\s+all\s+2\s+3\.50 \[2\.00, 5\.00\]/);
    expect(text).toMatch(/prefer\s+final\s+all\s+2\s+reactive 1 · no preference 1/);
    expect(text).toMatch(/tools\s+before\s+all\s+2\s+Email 1 · Chat 1 · Calendar 1/);
    expect(text).toContain(
      'Checks: 1 participant excluded by the check rule (left out of every figure); 0 flagged',
    );
    expect(text).toMatch(/proactive\s+2\s+2/); // two participants, two sessions: P02 left out
  });
});
