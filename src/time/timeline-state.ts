/**
 * The Timeline of a time scenario, reduced from the engine's time events: the simulated
 * clock, every update (to come, seen or not, and its verdict), the agent's reminders, each
 * wake and what the agent chose, and the task status: the time paradigm's slice of the session
 * state (view.ts registers it), reduced by the store's one reducer after its own fields.
 */
import type { SessionEvent, TimeInfo, UpdateExpect, UpdateVerdict } from '../contracts/events.ts';

export interface TimelineUpdate {
  id: string;
  at: string;
  text: string;
  expect?: UpdateExpect;
  notify: 'none' | 'agent' | 'user' | 'both';
  happened: boolean;
  /** It woke the agent (through a reminder or a push). */
  seen: boolean;
  choice?: 'follow_up' | 'keep_silent';
  verdict?: UpdateVerdict;
}

export interface TimelineReminder {
  id: string;
  note: string;
  at?: string;
  condition?: string;
  state: 'active' | 'fired' | 'cancelled';
  fired: number;
}

export interface TimelineWake {
  /** The agent turn it started. */
  turn: number;
  at: string;
  update?: string;
  reminders: string[];
  pushed: boolean;
  choice?: 'follow_up' | 'keep_silent';
}

export interface TimelineState {
  start: string;
  turnLength: string;
  /** The simulated time now (the latest message or clock jump). */
  now: string;
  environment?: string;
  updates: TimelineUpdate[];
  reminders: TimelineReminder[];
  wakes: TimelineWake[];
  /** The last clock jump while the user waited, while the session is dormant. */
  waiting?: { from: string; to: string; passed: string };
  taskStatus?: 'in_progress' | 'completed' | 'failed';
  expectStatus?: 'in_progress' | 'completed' | 'failed';
}

export function initialTimeline(info: TimeInfo): TimelineState {
  return {
    start: info.start,
    turnLength: info.turn,
    now: info.start,
    ...(info.environment ? { environment: info.environment } : {}),
    updates: info.updates.map((u) => ({ ...u, happened: false, seen: false })),
    reminders: [],
    wakes: [],
    ...(info.expectStatus ? { expectStatus: info.expectStatus } : {}),
  };
}

const patchUpdate = (
  tl: TimelineState,
  id: string,
  patch: Partial<TimelineUpdate>,
): TimelineUpdate[] => tl.updates.map((u) => (u.id === id ? { ...u, ...patch } : u));

/** The timeline after one event; the same object when the event does not concern it. */
export function reduceTimeline(tl: TimelineState, event: SessionEvent): TimelineState {
  switch (event.type) {
    case 'message':
      return event.at && event.at !== tl.now ? { ...tl, now: event.at } : tl;
    case 'turn_start':
      return tl.waiting ? ({ ...tl, waiting: undefined } as TimelineState) : tl;
    case 'clock':
      return {
        ...tl,
        now: event.to,
        waiting: { from: event.from, to: event.to, passed: event.passed },
      };
    case 'update':
      return {
        ...tl,
        now: event.at,
        updates: patchUpdate(tl, event.update, { happened: true, seen: event.seen }),
      };
    case 'reminder': {
      if (event.action === 'set') {
        const r: TimelineReminder = {
          id: event.id,
          note: event.note,
          state: 'active',
          fired: 0,
          ...(event.at ? { at: event.at } : {}),
          ...(event.condition ? { condition: event.condition } : {}),
        };
        return { ...tl, reminders: [...tl.reminders, r] };
      }
      return {
        ...tl,
        reminders: tl.reminders.map((r) => {
          if (r.id !== event.id) return r;
          if (event.action === 'cancelled') return { ...r, state: 'cancelled' };
          return { ...r, fired: r.fired + 1, state: r.condition ? r.state : 'fired' };
        }),
      };
    }
    case 'wake':
      return {
        ...tl,
        now: event.at,
        wakes: [
          ...tl.wakes,
          {
            turn: event.turn + 1,
            at: event.at,
            ...(event.update ? { update: event.update } : {}),
            reminders: event.reminders,
            pushed: event.pushed,
          },
        ],
      };
    case 'wake_choice': {
      const wakes = tl.wakes.map((w) =>
        w.turn === event.turn ? { ...w, choice: event.choice } : w,
      );
      return {
        ...tl,
        wakes,
        updates: event.update
          ? patchUpdate(tl, event.update, { choice: event.choice })
          : tl.updates,
      };
    }
    case 'update_verdict':
      return { ...tl, updates: patchUpdate(tl, event.update, { verdict: event.verdict }) };
    case 'task_status':
      return { ...tl, taskStatus: event.status };
    case 'notice':
      return event.expectStatus ? { ...tl, expectStatus: event.expectStatus } : tl;
    default:
      return tl;
  }
}
