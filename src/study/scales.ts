/**
 * Custom scales (`kind: scale`): reverse coding and the scale's score. A reverse-coded item is
 * scored as (lowest + highest point) − answer, so on a 1–7 scale 1 scores 7; the score is the
 * mean (or sum) of every item so scored, missing unless every item was answered.
 */
import type { Answer } from './participant.ts';
import type { Question } from './schema.ts';

type ScaleQuestion = Extract<Question, { kind: 'scale' }>;

/** The item's answer as scored: reversed when the item is reverse-coded. */
export function scoredValue(q: ScaleQuestion, item: string, value: number): number {
  const reverse = q.items.find((i) => i.id === item)?.reverse;
  return reverse ? 1 + q.points - value : value;
}

/** The scale's score from one questionnaire's answers; null unless every item has a number. */
export function scaleScore(q: ScaleQuestion, answers: readonly Answer[]): number | null {
  const values = q.items.map((i) => answers.find((a) => a.item === i.id)?.value);
  if (values.some((v) => typeof v !== 'number')) return null;
  const scored = q.items.map((i, k) => scoredValue(q, i.id, values[k] as number));
  const sum = scored.reduce((a, b) => a + b, 0);
  return q.score === 'sum' ? sum : sum / scored.length;
}

/** How the score is computed, in words, for the codebook and the report. */
export function scoreRule(q: ScaleQuestion): string {
  const reversed = q.items.filter((i) => i.reverse).map((i) => i.id);
  const how = q.score === 'sum' ? 'sum' : 'mean';
  const rev = reversed.length
    ? `; reverse-coded: ${reversed.join(', ')} (scored ${1 + q.points} − answer)`
    : '; no item reverse-coded';
  return `${how} of ${q.items.map((i) => i.id).join(', ')} (each 1–${q.points})${rev}; missing unless every item was answered`;
}

export const scalesOf = (questions: readonly Question[]): ScaleQuestion[] =>
  questions.filter((q): q is ScaleQuestion => q.kind === 'scale');
