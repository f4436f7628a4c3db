/**
 * The reducer's helpers on the turns: each returns the new turns array (or usage) for one
 * event, copying only what changed, and in place within a `Batch` (see below).
 */
import type { SessionEvent } from '../contracts/events.ts';
import type {
  ConversationItem,
  PlanItem,
  ProposalItem,
  RoleUsage,
  SessionState,
  TurnState,
} from './state.ts';
import { findTurnIn } from './selectors.ts';

export const EMPTY_TURN = (turn: number): TurnState => ({
  turn,
  items: [],
  files: [],
  apps: [],
  changes: [],
  ended: false,
});

/**
 * A run of reduce calls whose intermediate states nobody else sees (reduceAll, a replay
 * timeline between the turns it keeps, dispatchAll). Within one, the turns array the run
 * created itself is updated in place instead of copied for every event: the same code,
 * without a long session's O(turns) copy per event. Never share one across states that
 * are kept.
 */
export interface Batch {
  turns?: TurnState[];
}

// The helpers below take plain values, not callbacks: a reducer runs for every event of a
// long recording, and a closure per event (named by tsx for stack traces) costs more
// than the update itself.

/** Turn `n` as it is now, or a new empty one. */
export const turnOf = (turns: readonly TurnState[], n: number): TurnState =>
  findTurnIn(turns, n) ?? EMPTY_TURN(n);

/** The turns with turn `updated.turn` replaced by `updated`, or inserted in order (turns arrive in order). */
export function putTurn(
  state: SessionState,
  updated: TurnState,
  batch: Batch | undefined,
): TurnState[] {
  const turns = state.turns;
  const next = batch?.turns === turns ? turns : turns.slice();
  if (batch) batch.turns = next;
  const n = updated.turn;
  for (let i = next.length - 1; i >= 0; i--) {
    const t = next[i]!;
    if (t.turn === n) {
      next[i] = updated;
      return next;
    }
    if (t.turn < n) {
      next.splice(i + 1, 0, updated);
      return next;
    }
  }
  next.unshift(updated);
  return next;
}

export function addItem(
  state: SessionState,
  item: ConversationItem,
  batch: Batch | undefined,
): TurnState[] {
  const t = turnOf(state.turns, item.turn);
  return putTurn(state, { ...t, items: [...t.items, item] }, batch);
}

/** The verdict on the card of proposal `id` (in the latest turn that holds it). */
export function answerProposal(
  state: SessionState,
  {
    proposal: id,
    verdict,
    reason,
    turn: answeredIn,
  }: Extract<SessionEvent, { type: 'proposal_verdict' }>,
  batch: Batch | undefined,
): TurnState[] {
  for (let k = state.turns.length - 1; k >= 0; k--) {
    const turn = state.turns[k]!;
    const i = turn.items.findIndex((it) => it.kind === 'proposal' && it.id === id);
    if (i < 0) continue;
    const items = turn.items.slice();
    items[i] = { ...(items[i] as ProposalItem), verdict, reason, answeredIn };
    return putTurn(state, { ...turn, items }, batch);
  }
  return state.turns as TurnState[];
}

/** The turn's plan card, replaced by the agent's newer plan (a plan update is always whole). */
export function putPlan(
  state: SessionState,
  item: PlanItem,
  batch: Batch | undefined,
): TurnState[] {
  const t = turnOf(state.turns, item.turn);
  const i = t.items.findIndex((it) => it.kind === 'plan');
  if (i < 0) return putTurn(state, { ...t, items: [...t.items, item] }, batch);
  const items = t.items.slice();
  items[i] = item;
  return putTurn(state, { ...t, items }, batch);
}

export function toolIndex(items: readonly ConversationItem[], callId: string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!;
    if (it.kind === 'tool' && it.callId === callId) return i;
  }
  return -1;
}

export function addUsage(
  prev: RoleUsage | undefined,
  model: string,
  u: { inputTokens: number; outputTokens: number; estimated: boolean; costUsd?: number },
): RoleUsage {
  const base = prev ?? {
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    estimated: false,
    calls: 0,
    models: [],
  };
  return {
    inputTokens: base.inputTokens + u.inputTokens,
    outputTokens: base.outputTokens + u.outputTokens,
    costUsd: base.costUsd + (u.costUsd ?? 0),
    estimated: base.estimated || u.estimated,
    calls: base.calls + 1,
    models: model && !base.models.includes(model) ? [...base.models, model] : base.models,
  };
}
