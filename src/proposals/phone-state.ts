/**
 * The phone of a proposal scenario, reduced from the engine's proposal events: the tick and
 * phase, the user's moves and the screen they are on, recent notifications, and every proposal
 * with its verdict. Part of the one reducer (reducer.ts); the Phone pane renders it.
 */
import type { ProposalInfo, SessionEvent } from '../contracts/events.ts';

export interface PhoneMove {
  turn: number;
  kind: 'screen' | 'say' | 'wait';
  app?: string;
  text: string;
  ok: boolean;
}

export interface PhoneProposal {
  id: string;
  turn: number;
  summary: string;
  verdict?: 'accepted' | 'rejected';
  reason?: string;
  goal?: string;
}

export interface PhoneState {
  info: ProposalInfo;
  /** Ticks of the clock so far: one per observation, whatever the user did in it. */
  tick: number;
  /**
   * Steps of the scenario's activity the user has taken, when the user plays it (the rules user;
   * a person or a model user acts by themselves). A tick the user spends answering a proposal
   * takes no step, so there are more ticks than steps.
   */
  activityDone?: number;
  at?: string;
  phase: 'observe' | 'execute';
  /**
   * The accepted proposal the agent carried out in the turn that just ended, until the next turn
   * starts: the phase is back to observe by the turn's end, and a turn-end view still says so.
   */
  executed?: string;
  /** The screen the user is on (its lines), after their last screen action. */
  screen?: string[];
  app?: string;
  moves: PhoneMove[];
  notifications: { turn: number; app: string; preview: string; spurious: boolean }[];
  proposals: PhoneProposal[];
}

export function initialPhone(info: ProposalInfo, playsActivity = true): PhoneState {
  return {
    info,
    tick: 0,
    ...(playsActivity ? { activityDone: 0 } : {}),
    phase: 'observe',
    moves: [],
    notifications: [],
    proposals: [],
    ...(info.home ? { screen: info.home } : {}),
  };
}

export function reducePhone(s: PhoneState, e: SessionEvent): PhoneState {
  switch (e.type) {
    case 'tick':
      return { ...s, tick: e.tick, at: e.at };
    case 'phase': {
      const done = s.phase === 'execute' && e.phase === 'observe' ? lastAccepted(s) : undefined;
      const { executed: _was, ...rest } = s;
      return {
        ...rest,
        phase: e.phase,
        ...(e.screen ? { screen: e.screen } : {}),
        ...(done ? { executed: done } : {}),
      };
    }
    case 'turn_start': {
      if (s.executed === undefined) return s;
      const { executed: _done, ...rest } = s;
      return rest;
    }
    case 'notification':
      return {
        ...s,
        notifications: [
          ...s.notifications,
          { turn: e.turn, app: e.app, preview: e.preview, spurious: e.spurious },
        ],
      };
    case 'user_action':
      return {
        ...s,
        // A move into a waiting proposal (gathering context) is not a step of the activity.
        ...(s.activityDone !== undefined && !e.gathering
          ? { activityDone: Math.min(s.activityDone + 1, s.info.steps) }
          : {}),
        moves: [
          ...s.moves,
          { turn: e.turn, kind: e.kind, ...(e.app ? { app: e.app } : {}), text: e.text, ok: e.ok },
        ],
        ...(e.screen ? { screen: e.screen, ...(e.app ? { app: e.app } : {}) } : {}),
      };
    case 'proposal':
      return {
        ...s,
        proposals: [...s.proposals, { id: e.proposal, turn: e.turn, summary: e.summary }],
      };
    case 'proposal_verdict':
      return {
        ...s,
        proposals: s.proposals.map((p) =>
          p.id === e.proposal
            ? { ...p, verdict: e.verdict, reason: e.reason, ...(e.goal ? { goal: e.goal } : {}) }
            : p,
        ),
      };
    default:
      return s;
  }
}

/** Where the clock and the user's activity are: "tick 6 · activity 5/5" (only ticks when the user acts by themselves). */
export function tickText(phone: PhoneState): string {
  const activity =
    phone.activityDone !== undefined && phone.info.steps
      ? ` · activity ${phone.activityDone}/${phone.info.steps}`
      : '';
  return `tick ${phone.tick}${activity}`;
}

function lastAccepted(phone: PhoneState): string | undefined {
  return phone.proposals.filter((p) => p.verdict === 'accepted').at(-1)?.id;
}

/** What the agent is doing: observing, executing P1, or (its turn over) executed P1. */
export function phaseText(phone: PhoneState): string {
  if (phone.phase === 'execute') return `executing ${lastAccepted(phone) ?? ''}`.trim();
  return phone.executed ? `executed ${phone.executed}` : 'observing';
}
