/**
 * Replay through the same reducer as live sessions: the state at the end of any turn is
 * `reduce` over the recorded events up to that turn's boundary. States are computed
 * lazily and cached in turn order, and they share everything unchanged, so scrubbing
 * costs at most the events not reduced yet.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { reduce, type Batch } from './reducer.ts';
import { initialSessionState, type SessionState } from './state.ts';

type AnyEvent = SessionEvent | TimedEvent;

export interface Timeline {
  /** The last turn in the recording (0 when no agent turn started). */
  readonly lastTurn: number;
  /** Turns in which some intent changed status, ascending. */
  readonly statusChangeTurns: readonly number[];
  /** The state at the end of turn `n` (0: before the first turn; clamped to 0..lastTurn). */
  stateAt(turn: number): SessionState;
  /** The first turn after `turn` with a status change, or undefined. */
  nextStatusChange(turn: number): number | undefined;
  /** The last turn before `turn` with a status change, or undefined. */
  previousStatusChange(turn: number): number | undefined;
}

/**
 * The index just past the last event of each turn: `ends[n]` for turn n. Turn n ends where
 * turn n+1 starts (the judge's verdict and the user's hand-off belong to turn n), or earlier at
 * an event recorded for a later turn (a proposal's verdict belongs to the turn it opens); the
 * last turn ends with the recording.
 */
export function turnBoundaries(events: readonly AnyEvent[]): number[] {
  const ends: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const turn = e.type === 'turn_start' || e.type === 'proposal_verdict' ? e.turn : 0;
    while (ends.length < turn) ends.push(i);
  }
  ends.push(events.length);
  return ends;
}

export function createTimeline(events: readonly AnyEvent[]): Timeline {
  const ends = turnBoundaries(events);
  const lastTurn = ends.length - 1;
  const changes = new Set<number>();
  for (const e of events) if (e.type === 'intent_status') changes.add(e.turn);
  const statusChangeTurns = [...changes].sort((a, b) => a - b);
  // cache[k]: the state at the end of turn k, filled in order from turn 0.
  const cache: SessionState[] = [];
  let state = initialSessionState();
  let next = 0; // index of the next event to reduce

  const stateAt = (turn: number): SessionState => {
    const n = Math.max(0, Math.min(lastTurn, Math.floor(turn)));
    for (let k = cache.length; k <= n; k++) {
      // A fresh batch per turn: the states kept at turn ends are never changed afterwards.
      const batch: Batch = {};
      for (const end = ends[k]!; next < end; next++) state = reduce(state, events[next]!, batch);
      cache.push(state);
    }
    return cache[n]!;
  };

  return {
    lastTurn,
    statusChangeTurns,
    stateAt,
    nextStatusChange: (turn) => statusChangeTurns.find((t) => t > turn),
    previousStatusChange: (turn) => statusChangeTurns.findLast((t) => t < turn),
  };
}
