/**
 * A recording as a sequence of frames: the recorded events replayed through the one
 * reducer and cut into steps a viewer can follow (each message, the agent's tool work,
 * the judge's verdicts, the end). Each frame lasts a time derived from its content and a
 * chosen pace, never from the recorded clock, so the same recording and pace always give
 * the same frames.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { reduce, type Batch } from '../store/reducer.ts';
import { initialSessionState, type SessionState } from '../store/state.ts';
import { calloutReader, summarizeCallouts, type Callout } from './callouts.ts';

type AnyEvent = SessionEvent | TimedEvent;
type Group = 'start' | 'message' | 'work' | 'verdict' | 'final';

export interface Frame {
  state: SessionState;
  /** Intents changed after this event number are new in this frame. */
  freshSince: number;
  /** The proactive moments of this frame (or else of the one before), as one line. */
  callout?: string | undefined;
  /** How long the frame stays, in ms. */
  ms: number;
  /** The turn its events belong to (a turn's verdicts are its last frame, even though the next turn has begun). */
  turn: number;
}

function groupOf(e: AnyEvent): Group | null {
  switch (e.type) {
    case 'session_start':
      return 'start';
    case 'message':
    case 'proposal':
      return 'message';
    case 'user_action':
    case 'notification':
    case 'tool_call':
    case 'tool_result':
    case 'workspace_diff':
    case 'app_diff':
    case 'notice':
    case 'judge_error':
    case 'leak_warning':
      return 'work';
    case 'intent_status':
    case 'checklist_result':
    case 'proposal_verdict':
      return 'verdict';
    case 'score':
    case 'session_end':
      return 'final';
    default:
      return null;
  }
}

/** A message stays long enough to be read at about 200 words a minute, between 1 and 4 paces. */
function duration(group: Group, state: SessionState, paceMs: number, callout: boolean): number {
  if (group === 'message') {
    const items = state.turns.at(-1)?.items ?? [];
    const last = items.findLast((i) => i.kind === 'message');
    const words = last && last.kind === 'message' ? last.text.split(/\s+/).length : 0;
    return Math.round(paceMs * Math.min(4, Math.max(1, words / 12)));
  }
  if (group === 'work') return Math.round(paceMs / 2);
  if (group === 'final') return paceMs * 3;
  return callout ? paceMs * 2 : paceMs;
}

/** The frames of a recording at `paceMs` per step. */
export function framesOf(events: readonly AnyEvent[], paceMs: number): Frame[] {
  const frames: Frame[] = [];
  const batch: Batch = {};
  let state = initialSessionState();
  let group: Group | null = null;
  let groupStart = 0;
  let callouts: Callout[] = [];
  let previous: string | undefined;
  let turn = 0;
  const readCallout = calloutReader();
  const flush = () => {
    if (!group) return;
    // A shared batch mutates turns in place: each kept frame gets its own array.
    const callout = callouts.length ? summarizeCallouts(callouts) : undefined;
    frames.push({
      state: { ...state, turns: state.turns.slice() },
      freshSince: groupStart,
      callout: callout ?? previous,
      ms: duration(group, state, paceMs, Boolean(callout)),
      turn,
    });
    previous = callout;
    callouts = [];
  };
  for (const e of events) {
    // A turn's last frame (its verdicts) shows that turn, not the next one beginning.
    if (e.type === 'turn_start' && group) {
      flush();
      groupStart = state.seq;
      group = null;
    }
    const g = groupOf(e);
    if (g && group && (g !== group || g === 'message')) {
      flush();
      groupStart = state.seq;
    }
    state = reduce(state, e, batch);
    if (g) group = g;
    if (g && 'turn' in e && typeof e.turn === 'number') turn = e.turn;
    const c = readCallout(e);
    if (c) callouts.push(c);
  }
  // A recording that stops just as a turn begins still shows that turn beginning.
  if (!group && frames.at(-1)?.state.seq !== state.seq) group = 'work';
  flush();
  return frames;
}
