/**
 * A status the user's message carries (the judge's pick, a reveal, an intent told after a
 * follow-up) is decided before that message is written, but it is the message that tells the
 * intent: its event follows the message, stamped with the turn the message opens. So a reader
 * (live, in replay, in an export) sees the intent provided where the words that told it are.
 *
 * Recordings made before that wrote the status ahead of the next turn_start, stamped with the turn
 * before; reading them, it moves after its message, so they replay and fork as new ones do.
 */
import type { EventOf, SessionEvent, TimedEvent } from '../contracts/events.ts';

type Status = EventOf<'intent_status'>;

/** The engine's statuses waiting for the user message that carries them. */
export class CarriedStatuses {
  private pending: Status[] = [];

  add(status: Status): void {
    this.pending.push(status);
  }

  /** Takes back the waiting status of `intent` (changed again before its message came). */
  take(intent: string): Status | undefined {
    const i = this.pending.findIndex((e) => e.intent === intent);
    return i < 0 ? undefined : this.pending.splice(i, 1)[0];
  }

  /** Emits the waiting statuses, stamped with `turn` (the message's, or the last if none came). */
  flush(turn: number, emit: (e: SessionEvent) => void): void {
    for (const e of this.pending.splice(0)) emit({ ...e, turn });
  }
}

/** The events with each carried status of an older recording after its message, in its turn. */
export function stampCarriedStatuses(events: TimedEvent[]): TimedEvent[] {
  // Per user message (its index): the statuses it carries that were written before it.
  const follows = new Map<number, number[]>();
  const moved = new Set<number>();
  // Provided statuses since the last turn began: the next user message may carry them.
  let waiting: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type === 'intent_status' && e.to === 'provided') waiting.push(i);
    if (e.type !== 'turn_start') continue;
    const at = waiting.length ? userMessageAt(events, i) : -1;
    const message = events[at];
    const carried = message?.type === 'message' ? (message.intents ?? []) : [];
    const mine = waiting.filter((k) => {
      const s = events[k]!;
      return s.type === 'intent_status' && s.turn < e.turn && carried.includes(s.intent);
    });
    waiting = [];
    if (!mine.length) continue;
    follows.set(at, mine);
    for (const k of mine) moved.add(k);
  }
  if (!moved.size) return events;
  const out: TimedEvent[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (!moved.has(i)) out.push(e);
    if (e.type !== 'message') continue;
    for (const k of follows.get(i) ?? []) out.push({ ...events[k]!, turn: e.turn } as TimedEvent);
  }
  return out;
}

/** The index of the user message that starts the turn at `start`, or -1 when it is not the user's. */
function userMessageAt(events: readonly TimedEvent[], start: number): number {
  for (let j = start + 1; j < events.length; j++) {
    const m = events[j]!;
    if (m.type === 'message') return m.role === 'user' ? j : -1;
  }
  return -1;
}
