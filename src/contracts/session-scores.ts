/**
 * A session's exact Proc and Comp, for means. A run's stored `proc` and `comp` are rounded to
 * three digits, so a mean of stored values drifts (2/3 and 0 give 0.334, not 0.333); these
 * give back the digits from the intents' statuses and the checklist results. Used by
 * summary.json, the report, the TUI's episode card and the study report.
 */
import type { IntentStatus } from './events.ts';

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const CREDITED: ReadonlySet<IntentStatus> = new Set(['completed', 'inferred']);

/**
 * A session's Proc, unrounded, from its intents' statuses (a run's `proc` is rounded to three
 * digits): means are taken of these and rounded only when shown, so sessions at 2/3 and 0
 * average 0.333, not the 0.334 of 0.667 and 0. Superseded intents count nowhere, as in `proc`.
 * The stored score stays the authority: the statuses only give back the digits it lost.
 */
export function sessionProc(r: { proc: number; intents?: Record<string, IntentStatus> }): number {
  const counted = Object.values(r.intents ?? {}).filter((s) => s !== 'superseded');
  const credited = counted.filter((s) => CREDITED.has(s)).length;
  return unrounded(r.proc, counted.length ? credited / counted.length : null);
}

/** A session's Comp, unrounded, from its graded checklist items (null when none was graded). */
export function sessionComp(r: {
  comp: number | null;
  checklist?: Record<string, boolean | null>;
}): number | null {
  const graded = Object.values(r.checklist ?? {}).filter((v) => v !== null);
  if (r.comp === null) return null;
  return unrounded(r.comp, graded.length ? graded.filter(Boolean).length / graded.length : null);
}

/** The exact value when the stored one is its rounding; else the stored one. */
function unrounded(stored: number, exact: number | null): number {
  return exact !== null && round(exact) === stored ? exact : stored;
}
