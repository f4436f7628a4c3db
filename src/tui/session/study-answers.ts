/**
 * A questionnaire's answers as a study keeps them: when each item came on screen (for the
 * answer's onset and latency), and the participant's state with a new answer, which replaces an
 * earlier one to the same item and counts a check answered wrongly as a failure.
 */
import type { Study } from '../../study/load.ts';
import type { Answer, ParticipantState, Step } from '../../study/participant.ts';
import {
  expandQuestions,
  passesCheck,
  type AnswerValue,
  type Item,
} from '../../study/questionnaire.ts';

type Onset = Pick<Answer, 'shown' | 'latency_ms'>;

/** The items of the questionnaire `step` shows. */
export function questionnaireItems(study: Study, step: Step): Item[] {
  const q = study.questionnaires;
  if (step.kind === 'final') return expandQuestions(q.final);
  return expandQuestions(step.kind === 'before' ? q.before : q.after_each_session);
}

/** The answers already given in the questionnaire `step` shows. */
export function answersIn(state: ParticipantState, step: Step): Answer[] {
  return state.answers.filter((a) =>
    step.kind === 'questionnaire'
      ? a.part === 'session' && a.session === step.session
      : a.part === step.kind,
  );
}

/** When each questionnaire item last came on screen (monotonic, wall). */
export class ItemOnsets {
  private readonly shownAt = new Map<string, { mono: number; wall: string }>();

  constructor(private readonly mono: () => number) {}

  shown(item: Item): void {
    this.shownAt.set(item.item, { mono: this.mono(), wall: new Date().toISOString() });
  }

  /** When `item` came on screen and how long the answer took; read once per showing. */
  take(item: Item): Onset {
    const shown = this.shownAt.get(item.item);
    this.shownAt.delete(item.item);
    return shown ? { shown: shown.wall, latency_ms: this.mono() - shown.mono } : {};
  }
}

/** The answer to `item` on the questionnaire `step`, and the state that keeps it. */
export function withAnswer(
  state: ParticipantState,
  step: Extract<Step, { kind: 'questionnaire' | 'final' | 'before' }>,
  item: Item,
  value: AnswerValue,
  onset: () => Onset,
): { state: ParticipantState; answer: Answer; passed: boolean | undefined } {
  const passed = passesCheck(item, value);
  const answer: Answer = {
    part: step.kind === 'questionnaire' ? 'session' : step.kind,
    ...(step.kind === 'questionnaire' ? { session: step.session } : {}),
    question: item.question,
    item: item.item,
    kind: item.kind,
    value,
    wall: new Date().toISOString(),
    ...(passed === undefined ? {} : { check_passed: passed }),
    ...onset(),
  };
  const failures = state.check_failures ?? [];
  const next: ParticipantState = {
    ...state,
    answers: [
      ...state.answers.filter(
        (a) => !(a.part === answer.part && a.session === answer.session && a.item === answer.item),
      ),
      answer,
    ],
    ...(passed === false
      ? {
          check_failures: [
            ...failures,
            { part: answer.part, session: answer.session, item: item.item, wall: answer.wall },
          ],
        }
      : {}),
  };
  return { state: next, answer, passed };
}
