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

/** How a reveal's detail begins when the user's own words told it (not the reveal text). */
export const OWN_WORDS = "stated in the user's own words";

/** Why an intent changed status, in a word or two: a reveal says whether it was in the user's own words. */
export function causeLabel(change: { cause: StatusCause; detail?: string }): string {
  if (change.cause === 'reveal' && change.detail?.startsWith(OWN_WORDS)) return 'in own words';
  return CAUSE_LABELS[change.cause];
}

/** When and why an intent got its status; one set before the first turn (a pending intent) has no turn. */
export function whenChanged(change: { turn: number; cause: StatusCause; detail?: string }): string {
  if (change.turn === 0) return 'from the start';
  return `turn ${change.turn} · ${causeLabel(change)}`;
}
