/** A questionnaire as the items a participant answers one by one: SUS and TLX expand to their standard items. */
import { SUS_ANCHORS, SUS_ITEMS, TLX_SUBSCALES } from './instruments.ts';
import type { Question } from './schema.ts';

export interface Item {
  /** The question's id in the study file (`sus`, `tlx` or the author's id). */
  question: string;
  /** The item's own id: `sus1`…`sus10`, a TLX subscale, or the question's id. */
  item: string;
  kind: Question['kind'];
  title?: string;
  text: string;
  /** Rating items: the lowest and highest value, the step, and the words at each end. */
  scale?: { min: number; max: number; step: number; anchors: readonly [string, string] };
  optional: boolean;
}

export function expandQuestions(questions: readonly Question[]): Item[] {
  return questions.flatMap((q): Item[] => {
    switch (q.kind) {
      case 'likert':
        return [
          {
            question: q.id,
            item: q.id,
            kind: 'likert',
            text: q.text,
            scale: { min: 1, max: q.scale, step: 1, anchors: q.anchors },
            optional: false,
          },
        ];
      case 'sus':
        return SUS_ITEMS.map((text, i) => ({
          question: q.id,
          item: `sus${i + 1}`,
          kind: 'sus',
          text,
          scale: { min: 1, max: 5, step: 1, anchors: SUS_ANCHORS },
          optional: false,
        }));
      case 'tlx':
        return TLX_SUBSCALES.map((s) => ({
          question: q.id,
          item: s.id,
          kind: 'tlx',
          title: s.title,
          text: s.text,
          scale: { min: 0, max: 100, step: 5, anchors: s.anchors },
          optional: false,
        }));
      case 'text':
        return [{ question: q.id, item: q.id, kind: 'text', text: q.text, optional: q.optional }];
    }
  });
}
