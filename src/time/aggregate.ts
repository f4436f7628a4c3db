/**
 * ChronosBench's table over many runs of time scenarios: task completion on positive
 * scenarios (some update deserves a follow-up), negative ones (silence throughout) and all,
 * action accuracy, status accuracy, and follow-up precision and recall.
 */
import { round } from '../judge/scores.ts';
import type { TimeScores } from '../contracts/events.ts';

export interface TimeSummary {
  /** Runs of time scenarios, and how many of them were positive or negative. */
  n: number;
  positive: number;
  negative: number;
  /** Share of runs whose time task was completed (null where there is no such run). */
  completion: { positive: number | null; negative: number | null; all: number | null };
  /** Mean per-run action accuracy (runs with an `expect` on some update). */
  action_accuracy: number | null;
  /** Share of runs whose final task status was the expected one (runs with expect_status). */
  status_accuracy: number | null;
  /** Follow-ups that were hits, over all follow-ups made on updates with an expect. */
  followup_precision: number | null;
  /** Follow-ups made, over follow-ups expected. */
  followup_recall: number | null;
}

const share = (xs: readonly boolean[]): number | null => (xs.length ? round(xs.filter(Boolean).length / xs.length) : null);
const ratio = (a: number, b: number): number | null => (b ? round(a / b) : null);

/** Null when none of the runs is of a time scenario. */
export function aggregateTime(runs: readonly { time?: TimeScores | null }[]): TimeSummary | null {
  const ts = runs.map((r) => r.time).filter((t): t is TimeScores => !!t);
  if (!ts.length) return null;
  const positive = ts.filter((t) => t.followups.expected > 0);
  const negative = ts.filter((t) => t.followups.expected === 0);
  const accuracies = ts.map((t) => t.action_accuracy).filter((a): a is number => a !== null);
  const hit = ts.reduce((a, t) => a + t.followups.hit, 0);
  const made = hit + ts.reduce((a, t) => a + t.followups.false, 0);
  const expected = ts.reduce((a, t) => a + t.followups.expected, 0);
  return {
    n: ts.length,
    positive: positive.length,
    negative: negative.length,
    completion: {
      positive: share(positive.map((t) => t.completed)),
      negative: share(negative.map((t) => t.completed)),
      all: share(ts.map((t) => t.completed)),
    },
    action_accuracy: accuracies.length ? round(accuracies.reduce((a, b) => a + b, 0) / accuracies.length) : null,
    status_accuracy: share(ts.map((t) => t.status_ok).filter((s): s is boolean => s !== null)),
    followup_precision: ratio(hit, made),
    followup_recall: ratio(hit, expected),
  };
}
