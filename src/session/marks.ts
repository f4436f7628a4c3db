/**
 * One visual vocabulary: the symbol of each intent status and checklist verdict, the same on
 * the session screen, in `compare`, in transcripts and exports. Colour is the theme's (and
 * dropped with NO_COLOR); the symbols alone tell every status apart.
 */
import type { IntentStatus } from '../contracts/events.ts';
import type { CheckMarkKind, Seg, Theme } from '../contracts/styled.ts';

export const INTENT_SYMBOLS: Record<IntentStatus, string> = {
  open: '○',
  completed: '✔',
  inferred: '?',
  provided: '↩',
  unresolved: '✗',
  pending: '◷',
  superseded: '⇢',
};

export type { CheckMarkKind };

export const CHECK_SYMBOLS: Record<CheckMarkKind, string> = {
  pass: '✔',
  fail: '✗',
  ungraded: '–',
  pending: '…',
};

/** `✔ completed  ? inferred  ↩ provided  ✗ unresolved  ○ open`: a legend for the statuses a reader sees most. */
export const INTENT_LEGEND = (['completed', 'inferred', 'provided', 'unresolved', 'open'] as const)
  .map((s) => `${INTENT_SYMBOLS[s]} ${s}`)
  .join('  ');

/** A checklist item's mark: pending until graded, ungraded when the judge could not grade it. */
export function checkMarkKind(check: { pass: boolean | null } | undefined): CheckMarkKind {
  if (!check) return 'pending';
  if (check.pass === null) return 'ungraded';
  return check.pass ? 'pass' : 'fail';
}

/** A proposal's state as the user's answer left it: accepted, rejected, or still waiting. */
export type ProposalMarkKind = 'accepted' | 'rejected' | 'waiting';

export const PROPOSAL_MARKS: Record<ProposalMarkKind, string> = {
  accepted: '✓ accepted',
  rejected: '✗ rejected',
  waiting: '? waiting for the user',
};

/** The tag before a notice in the conversation: who raised it, when not the engine. */
export const NOTICE_TAGS: Record<'notice' | 'judge_error' | 'leak_warning', string> = {
  notice: '',
  judge_error: 'judge: ',
  leak_warning: 'leak: ',
};

/**
 * The user's answer to a proposal as its card shows it (the Conversation's and the Phone's).
 * `forTheUser`: the person who plays the user reads it, so a waiting proposal waits for them.
 */
export function proposalMark(
  verdict: 'accepted' | 'rejected' | undefined,
  theme: Theme,
  forTheUser = false,
): Seg {
  const kind = verdict ?? 'waiting';
  const colors = {
    accepted: theme.check.pass.color,
    rejected: theme.level.error,
    waiting: theme.level.warning,
  };
  const text =
    kind === 'waiting' && forTheUser ? '? waiting for your answer' : PROPOSAL_MARKS[kind];
  return { text, color: colors[kind] };
}
