/**
 * One visual vocabulary: the symbol of each intent status and checklist verdict, the same on
 * the session screen, in `compare`, in transcripts and exports. Colour is the theme's (and
 * dropped with NO_COLOR); the symbols alone tell every status apart.
 */
import type { IntentStatus } from '../contracts/events.ts';

export const INTENT_SYMBOLS: Record<IntentStatus, string> = {
  open: '○',
  completed: '✔',
  inferred: '?',
  provided: '↩',
  unresolved: '✗',
  pending: '◷',
  superseded: '⇢',
};

export type CheckMarkKind = 'pass' | 'fail' | 'ungraded' | 'pending';

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
