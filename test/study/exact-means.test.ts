/**
 * `study report` averages each session's exact Comp and rounds only when shown: a session's
 * stored score is rounded to three digits, so sessions at 2/3 and 1/7 (stored 0.667 and
 * 0.143) averaged 0.405 and showed 0.41, where their exact mean 0.4048 shows 0.40. A
 * participant runs both sessions through the runner (no screen), as in a real study.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStudy } from '../../src/study/load.ts';
import { conditionRows, studyReport } from '../../src/study/report.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { makeLibrary } from '../helpers/library.ts';
import { writeStudy } from './helpers.ts';
import { answerAll, playSession } from './run-helpers.ts';

// The agent's one reply passes `passing` of the scenario's `items` rule items: Comp passing/items.
const scenario = (id: string, items: number, passing: number) => `id: ${id}
persona: p
title: ${id}
trigger: { kind: user, text: Help me. }
intents:
  - { id: I1, text: Say DONE., done: { reply_matches: "DONE" } }
checklist:
${Array.from(
  { length: items },
  (_, i) =>
    `  - { id: C${i + 1}, text: Says W${i + 1}., grader: rule, rule: { reply_matches: "W${i + 1}\\\\b" } }`,
).join('\n')}
references:
  go:
    - say: DONE ${Array.from({ length: passing }, (_, i) => `W${i + 1}`).join(' ')}
`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('study report means', () => {
  it('average the exact session scores: Comp 2/3 and 1/7 make 0.40, not 0.41', async () => {
    const lib = makeLibrary({
      'scenarios/p/a.yaml': scenario('p/a', 3, 2),
      'scenarios/p/b.yaml': scenario('p/b', 7, 1),
    });
    const w = writeStudy(`title: Means
library: ${lib}
consent: { version: v1, text: You agree. }
instructions: Play the user.
conditions:
  go: { agent: "script:go" }
  other: { agent: "script:go" }
scenarios: [p/a, p/b]
design: { type: between, seed: 1 }
questionnaires: {}
`);
    dirs.push(w.dir, lib);
    const study = loadStudy(w.file);
    const data = path.join(w.dir, 'data');
    const runner = new StudyRunner(study, data, 'P01', { date: '2025-01-01' });
    runner.agree();
    runner.next();
    for (let k = 0; k < 2; k++) {
      await playSession(runner, (r) => r.store.getState().live!.endSession());
      answerAll(runner, 3);
    }
    const row = conditionRows(study, data).find((r) => r.sessions === 2)!;
    // (2/3 + 1/7) / 2 = 0.40476; the stored 0.667 and 0.143 average 0.405.
    expect(row.measures.comp.mean).toBeCloseTo(0.40476, 5);
    const text = studyReport(study, data, 'text');
    const line = text.split('\n').find((l) => l.startsWith(row.condition))!;
    expect(line).toMatch(/ 0\.40 \[/);
    expect(line).not.toMatch(/ 0\.41 \[/);
  }, 30_000);
});
