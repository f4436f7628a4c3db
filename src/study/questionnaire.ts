/**
 * A questionnaire as the items a participant answers one by one: SUS, TLX and custom scales
 * expand to their items; choice, ranking and preference questions to a list of numbered options.
 */
import { SUS_ANCHORS, SUS_ITEMS, TLX_SUBSCALES } from './instruments.ts';
import type { Question } from './schema.ts';

/** An answer as stored: a number, text, a list of option numbers (several chosen, a ranking), or missing. */
export type AnswerValue = number | string | number[] | null;

/** One option of a list: the number stored for it and the words shown. */
export interface Option {
  code: number;
  label: string;
}

export interface Item {
  /** The question's id in the study file (`sus`, `tlx` or the author's id). */
  question: string;
  /** The item's own id: `sus1`…`sus10`, a TLX subscale, a scale's item, or the question's id. */
  item: string;
  kind: Question['kind'];
  title?: string;
  text: string;
  /** Rating items: the lowest and highest value, the step, and the words at each end. */
  scale?: { min: number; max: number; step: number; anchors: readonly [string, string] };
  /** Lists (choice, ranking, preference): the options in the order shown. */
  options?: Option[];
  /** Choice: several options may be chosen. */
  multiple?: boolean;
  /** Numeric: the bounds, whole numbers only or not, and the unit shown. */
  numeric?: { min: number; max: number; integer: boolean; unit?: string };
  /** A scale's reverse-coded item. */
  reverse?: boolean;
  /** An attention or comprehension check and its correct answer. */
  check?: { kind: 'attention' | 'comprehension'; correct: number | number[] };
  optional: boolean;
}

const checkOf = (q: { correct?: number | number[]; check?: 'attention' | 'comprehension' }) =>
  q.correct === undefined ? {} : { check: { kind: q.check ?? 'attention', correct: q.correct } };

const numbered = (labels: readonly string[]): Option[] =>
  labels.map((label, i) => ({ code: i + 1, label }));

export function expandQuestions(questions: readonly Question[]): Item[] {
  return questions.flatMap((q): Item[] => {
    const base = { question: q.id, item: q.id, kind: q.kind, optional: false };
    switch (q.kind) {
      case 'likert':
        return [
          {
            ...base,
            text: q.text,
            scale: { min: 1, max: q.scale, step: 1, anchors: q.anchors },
            ...checkOf(q),
          },
        ];
      case 'sus':
        return SUS_ITEMS.map((text, i) => ({
          ...base,
          item: `sus${i + 1}`,
          text,
          scale: { min: 1, max: 5, step: 1, anchors: SUS_ANCHORS },
        }));
      case 'tlx':
        return TLX_SUBSCALES.map((s) => ({
          ...base,
          item: s.id,
          title: s.title,
          text: s.text,
          scale: { min: 0, max: 100, step: 5, anchors: s.anchors },
        }));
      case 'text':
        return [{ ...base, text: q.text, optional: q.optional }];
      case 'choice':
        return [
          {
            ...base,
            text: q.text,
            options: numbered(q.options),
            multiple: q.multiple,
            optional: q.optional,
            ...checkOf(q),
          },
        ];
      case 'numeric':
        return [
          {
            ...base,
            text: q.text,
            numeric: {
              min: q.min,
              max: q.max,
              integer: q.integer,
              ...(q.unit ? { unit: q.unit } : {}),
            },
            optional: q.optional,
            ...checkOf(q),
          },
        ];
      case 'ranking':
        return [{ ...base, text: q.text, options: numbered(q.options) }];
      case 'preference': {
        const [a, b] = q.sessions;
        return [
          {
            ...base,
            text: q.text,
            options: [
              { code: a, label: `The assistant in session ${a}` },
              { code: b, label: `The assistant in session ${b}` },
              ...(q.no_preference ? [{ code: 0, label: 'No preference' }] : []),
            ],
          },
        ];
      }
      case 'scale':
        return q.items.map((it) => ({
          ...base,
          item: it.id,
          ...(q.text ? { title: q.text } : {}),
          text: it.text,
          scale: { min: 1, max: q.points, step: 1, anchors: q.anchors },
          reverse: it.reverse,
        }));
    }
  });
}

/** Whether an answer is a check's correct answer (a list: the same options, in any order). */
export function passesCheck(item: Item, value: AnswerValue): boolean | undefined {
  const correct = item.check?.correct;
  if (correct === undefined) return undefined;
  if (Array.isArray(correct))
    return (
      Array.isArray(value) &&
      value.length === correct.length &&
      correct.every((c) => value.includes(c))
    );
  return value === correct;
}
