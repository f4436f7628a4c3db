/** Why an intent changed status, in a word or two (the intents pane and the transcript). */
import type { StatusCause } from '../contracts/events.ts';

export const CAUSE_LABELS: Record<StatusCause, string> = {
  evidence: 'evidence',
  question: 'asked',
  picked: 'picked',
  reveal: 'revealed',
  manual: 'by hand',
  max_turns: 'max turns',
  follow_up: 'follow-up',
  superseded: 'superseded',
  updates_exhausted: 'no update left',
  user_action: 'user did it',
  update: 'an update did it',
  activity_done: 'activity over',
};

/** When and why an intent got its status; one set before the first turn (a pending intent) has no turn. */
export function whenChanged(change: { turn: number; cause: StatusCause }): string {
  if (change.turn === 0) return 'from the start';
  return `turn ${change.turn} · ${CAUSE_LABELS[change.cause]}`;
}
