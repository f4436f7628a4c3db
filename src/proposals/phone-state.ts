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
  tick: number;
  at?: string;
  phase: 'observe' | 'execute';
  /** The screen the user is on (its lines), after their last screen action. */
  screen?: string[];
  app?: string;
  moves: PhoneMove[];
  notifications: { turn: number; app: string; preview: string; spurious: boolean }[];
  proposals: PhoneProposal[];
}

export function initialPhone(info: ProposalInfo): PhoneState {
  return {
    info,
    tick: 0,
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
    case 'phase':
      return { ...s, phase: e.phase, ...(e.screen ? { screen: e.screen } : {}) };
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
