/**
 * `study report`'s questions table: each question other than free text, and SUS and TLX where
 * the per-condition columns do not hold them (asked before the sessions, or at the end of a
 * within-subjects study, where no one condition owns the score), summarised per condition when asked after each session, else over all
 * participants: a mean with its bootstrap interval for ratings, numbers and custom scales' scores;
 * counts for choices and preferences (a preference counts the preferred session's condition);
 * the mean rank of each option for a ranking.
 */
import type { ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import type { Answer } from './participant.ts';
import { instrumentScoresOf, PARTS } from './question-tables.ts';
import { bootstrapMean, type Estimate } from './estimates.ts';
import { scaleScore } from './scales.ts';
import type { Question } from './schema.ts';

export interface QuestionRow {
  question: string;
  part: string;
  group: string;
  n: number;
  summary: string;
}

/** What one participant's questionnaire gave for a question: a number, option numbers, or nothing. */
function answerOf(q: Question, answers: readonly Answer[]): number | number[] | undefined {
  if (q.kind === 'scale') return scaleScore(q, answers) ?? undefined;
  if (q.kind === 'sus' || q.kind === 'tlx')
    return instrumentScoresOf([q], answers)[0]![2] ?? undefined;
  const v = answers.find((a) => a.question === q.id)?.value;
  return typeof v === 'number' || Array.isArray(v) ? v : undefined;
}

const fixed = (e: Estimate) => {
  if (e.mean === null) return '–';
  if (e.lo === null) return e.mean.toFixed(2);
  return `${e.mean.toFixed(2)} [${e.lo.toFixed(2)}, ${e.hi!.toFixed(2)}]`;
};

function summarise(q: Question, values: (number | number[])[], seed: number): string {
  const count = (labels: [number, string][], of: (v: number | number[]) => number[]) =>
    labels.map(([code, label]) => `${label} ${values.filter((v) => of(v).includes(code)).length}`);
  switch (q.kind) {
    case 'choice':
      return count(
        q.options.map((o, i) => [i + 1, o]),
        (v) => [v].flat(),
      ).join(' · ');
    case 'ranking': {
      const mean = (code: number) =>
        values.reduce<number>((a, v) => a + [v].flat().indexOf(code) + 1, 0) / values.length;
      return q.options
        .map((o, i) => [o, mean(i + 1)] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([o, m]) => `${o} ${m.toFixed(2)}`)
        .join(' · ');
    }
    default:
      return fixed(
        bootstrapMean(
          values.filter((v) => typeof v === 'number'),
          seed,
        ),
      );
  }
}

const SUMMARISED = new Set(['likert', 'numeric', 'choice', 'ranking', 'preference', 'scale']);

/**
 * SUS and raw TLX have the per-condition columns when asked after each session, and, between
 * subjects, at the end (the participant's one condition); elsewhere only this table shows them.
 */
function summarised(study: Study, q: Question, part: string): boolean {
  if (q.kind !== 'sus' && q.kind !== 'tlx') return SUMMARISED.has(q.kind);
  return part === 'before' || (part === 'final' && study.design.type === 'within');
}

export function questionRows(study: Study, data: readonly ParticipantData[]): QuestionRow[] {
  const rows: QuestionRow[] = [];
  const conditions = Object.keys(study.conditions);
  PARTS.forEach(([key, part], pi) =>
    study.questionnaires[key].forEach((q, qi) => {
      if (!summarised(study, q, part)) return;
      const groups = part === 'session' ? conditions : ['all'];
      groups.forEach((group, gi) => {
        const values: (number | number[])[] = [];
        // A preference names sessions; each participant's own order says which condition each was.
        const conditionOfs: ((s: number) => string)[] = [];
        for (const p of data) {
          const answered =
            part === 'session'
              ? p.state.sessions
                  .filter((s) => s.condition === group)
                  .map((s) =>
                    p.state.answers.filter((a) => a.part === part && a.session === s.index),
                  )
              : [p.state.answers.filter((a) => a.part === part)];
          for (const answers of answered) {
            const v = answerOf(q, answers);
            if (v === undefined) continue;
            values.push(v);
            conditionOfs.push((s) => p.state.sessions[s - 1]?.condition ?? `session ${s}`);
          }
        }
        if (!values.length) return;
        const summary =
          q.kind === 'preference'
            ? summarisePreference(values as number[], conditionOfs)
            : summarise(q, values, study.design.seed * 1000 + 700 + pi * 100 + qi * 10 + gi);
        rows.push({ question: q.id, part, group, n: values.length, summary });
      });
    }),
  );
  return rows;
}

/** Each preference counted for the condition of the session preferred (in that participant's order). */
function summarisePreference(values: number[], conditionOfs: ((s: number) => string)[]): string {
  const tally = new Map<string, number>();
  values.forEach((v, i) => {
    const key = v === 0 ? 'no preference' : conditionOfs[i]!(v);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  });
  return [...tally].map(([k, n]) => `${k} ${n}`).join(' · ');
}
