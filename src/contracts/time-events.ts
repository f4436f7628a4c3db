/** What the events of a time scenario carry: its setup, its updates' verdicts, ChronosBench's scores. */
/** What a good agent does when woken on an update. */
export type UpdateExpect = 'follow_up' | 'keep_silent';
/**
 * How an update with an `expect` went: `hit` (followed up as it should), `missed` (silent or
 * unseen when a follow-up was due), `false` (followed up on one that called for silence),
 * `kept` (silence kept), `unwatched` (no reminder was active: the agent never saw it).
 */
export type UpdateVerdict = 'hit' | 'missed' | 'false' | 'kept' | 'unwatched';

export interface UpdateInfo {
  id: string;
  /** Simulated time, ISO with the clock's offset. */
  at: string;
  text: string;
  expect?: UpdateExpect;
  notify: 'none' | 'agent' | 'user' | 'both';
}

/** A time scenario's setup, as the person watching may see it (the agent never sees updates ahead). */
export interface TimeInfo {
  start: string;
  turn: string;
  environment?: string;
  updates: UpdateInfo[];
  /** The final task status a good agent ends with (from the branch, or the scenario's expect_status). */
  expectStatus?: 'in_progress' | 'completed' | 'failed';
}

/** A task status as the time measures compare it: `pending` until the agent sets one. */
export type TaskStatusName = 'pending' | 'in_progress' | 'completed' | 'failed';

/** ChronosBench's action errors (the paper's Table 6, mapped: docs/time.md). */
export type ActionErrorType =
  | 'redundant_query'
  | 'repeated_reminder'
  | 'false_follow_up'
  | 'missed_follow_up'
  | 'completed_in_negative'
  | 'invalid_call';

export interface StatusError {
  turn: number;
  expected: TaskStatusName;
  got: TaskStatusName;
}

/** Why a run of a time scenario ended as it did: the first that applies, in this order. */
export const TIME_ENDINGS = [
  'finished_properly',
  'arbitrary_completion',
  'silent_in_positive',
  'completed_in_negative',
  'not_completed_after_thanks',
  'never_watched',
  'max_turns',
  'error',
  'other_error',
] as const;
export type TimeEnding = (typeof TIME_ENDINGS)[number];

/** ChronosBench's scores for one session of a time scenario (docs/time.md, "Scores"). */
export interface TimeScores {
  branch: 'positive' | 'negative';
  complex: boolean;
  /** ChronosBench's task completion for this run's branch. */
  completed: boolean;
  ending: TimeEnding;
  /** Share of the agent's responses with no action error (null with no response). */
  action_accuracy: number | null;
  action_errors: { turn: number; type: ActionErrorType }[];
  /** Share of the agent's responses whose task status was the expected one. */
  status_accuracy: number | null;
  status_errors: StatusError[];
  /** Agent responses (turns) the two accuracies are over. */
  responses: number;
  followups: { expected: number; hit: number; missed: number; false: number };
  silences: { expected: number; kept: number; broken: number; unwatched: number };
  /** (hit + kept) / updates with an expect that count; null when none has one. */
  decision_accuracy: number | null;
}
