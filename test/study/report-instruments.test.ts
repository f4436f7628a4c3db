/**
 * `study report` shows SUS and raw TLX wherever a study asks them. After each session they are
 * per-condition columns; at the end of a within-subjects study (a score of the whole study, no
 * one condition's) and before the sessions they are rows of the Questions table. Before, such
 * a SUS was in no figure at all: an online pilot asking SUS at the end got "–" in the SUS column
 * and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { ParticipantData } from '../../src/study/data.ts';
import { loadStudy } from '../../src/study/load.ts';
import type { Answer, ParticipantState } from '../../src/study/participant.ts';
import { questionRows } from '../../src/study/question-report.ts';
import { studyYaml, writeStudy } from './helpers.ts';

const QUESTIONS = `questionnaires:
  before:
    - { kind: tlx }
  final:
    - { kind: sus }
`;

function studyOf(type: 'within' | 'between') {
  const text = studyYaml()
    .replace(/questionnaires:[\s\S]*$/, QUESTIONS)
    .replace('design: { type: within, seed: 1 }', `design: { type: ${type}, seed: 1 }`);
  return loadStudy(writeStudy(text).file);
}

const answer = (part: Answer['part'], kind: Answer['kind'], item: string, value: number) =>
  ({ part, question: kind, item, kind, value, wall: '2026-11-28T12:00:00.000Z' }) as Answer;

/** A participant whose ten SUS answers are `odd` on odd items and `even` on even ones, TLX all `tlx`. */
function participant(id: string, odd: number, even: number, tlx: number): ParticipantData {
  const sus = Array.from({ length: 10 }, (_, i) =>
    answer('final', 'sus', `sus${i + 1}`, i % 2 === 0 ? odd : even),
  );
  const load = ['mental', 'physical', 'temporal', 'performance', 'effort', 'frustration'].map((s) =>
    answer('before', 'tlx', s, tlx),
  );
  const state = {
    participant: id,
    sessions: [],
    answers: [...load, ...sus],
  } as unknown as ParticipantState;
  return { state, log: [], sessions: [] };
}

// SUS: 2.5 × Σ(odd − 1, 5 − even): (4, 2) gives 2.5 × (5·3 + 5·3) = 75; (3, 3) gives 50.
const data = [participant('P01', 4, 2, 40), participant('P02', 3, 3, 60)];

describe('study report: SUS and TLX outside the per-condition columns', () => {
  it('within subjects: the final SUS and the TLX before the sessions are Questions rows', () => {
    const rows = questionRows(studyOf('within'), data);
    const sus = rows.find((r) => r.question === 'sus')!;
    expect(sus).toMatchObject({ part: 'final', group: 'all', n: 2 });
    expect(sus.summary).toMatch(/^62\.50 \[50\.00, 75\.00\]$/);
    const tlx = rows.find((r) => r.question === 'tlx')!;
    expect(tlx).toMatchObject({ part: 'before', group: 'all', n: 2 });
    expect(tlx.summary).toMatch(/^50\.00 \[40\.00, 60\.00\]$/);
  });

  it("between subjects: the final SUS stays in its condition's column, not the table", () => {
    const rows = questionRows(studyOf('between'), data);
    expect(rows.map((r) => r.question)).toEqual(['tlx']);
  });
});
