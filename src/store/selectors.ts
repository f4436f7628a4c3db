/**
 * Selectors: what the screens, exports and reports derive from the session state (counts,
 * Proc and Comp so far, usage totals, the turn to show). Plain functions of the state, so
 * `useSession(selector)` in the TUI and the exports compute the same thing the same way;
 * the reducer (reducer.ts) only records what happened.
 */
import type { IntentStatus } from '../contracts/events.ts';
import { extractQuestions } from '../text/questions.ts';
import type { SessionState, TurnState } from './state.ts';

export const INTENT_STATUSES: readonly IntentStatus[] = [
  'open',
  'completed',
  'inferred',
  'provided',
  'unresolved',
  'pending',
  'superseded',
];

export function intentCounts(
  state: Pick<SessionState, 'intents' | 'intentStates'>,
): Record<IntentStatus, number> {
  const counts: Record<IntentStatus, number> = {
    open: 0,
    completed: 0,
    inferred: 0,
    provided: 0,
    unresolved: 0,
    pending: 0,
    superseded: 0,
  };
  for (const i of state.intents) counts[state.intentStates[i.id]?.status ?? 'open']++;
  return counts;
}

/** Proc so far: (completed + inferred) / intents not superseded; null with none. */
export function procSoFar(state: Pick<SessionState, 'intents' | 'intentStates'>): number | null {
  const c = intentCounts(state);
  const n = state.intents.length - c.superseded;
  return n > 0 ? (c.completed + c.inferred) / n : null;
}

export interface ChecklistCounts {
  passed: number;
  failed: number;
  /** Graded by the judge as ungradable (pass null). */
  ungraded: number;
  /** Not graded yet (rubric items wait for the end). */
  pending: number;
}

export function checklistCounts(
  state: Pick<SessionState, 'checklist' | 'checks'>,
): ChecklistCounts {
  const c: ChecklistCounts = { passed: 0, failed: 0, ungraded: 0, pending: 0 };
  for (const item of state.checklist) {
    const v = state.checks[item.id];
    if (!v) c.pending++;
    else if (v.pass === null) c.ungraded++;
    else if (v.pass) c.passed++;
    else c.failed++;
  }
  return c;
}

/** Comp so far: passed / graded items; null while nothing is graded. */
export function compSoFar(state: Pick<SessionState, 'checklist' | 'checks'>): number | null {
  const c = checklistCounts(state);
  const graded = c.passed + c.failed;
  return graded ? c.passed / graded : null;
}

export function usageTotals(state: Pick<SessionState, 'usage'>): {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  estimated: boolean;
} {
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  let estimated = false;
  for (const u of Object.values(state.usage)) {
    inputTokens += u.inputTokens;
    outputTokens += u.outputTokens;
    costUsd += u.costUsd;
    estimated ||= u.estimated;
  }
  return { inputTokens, outputTokens, costUsd, estimated };
}

/** The number of agent turns started so far. */
export function agentTurns(state: SessionState): number {
  return state.turns.reduce((n, t) => (t.turn > 0 ? n + 1 : n), 0);
}

/** Turn `n` of a list of turns in order, searched from the end (where the reducer works). */
export function findTurnIn(turns: readonly TurnState[], n: number): TurnState | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.turn === n) return t;
    if (t.turn < n) break;
  }
  return undefined;
}

export function turnState(state: Pick<SessionState, 'turns'>, turn: number): TurnState | undefined {
  return findTurnIn(state.turns, turn);
}

/** The latest turn that changed the workspace or apps, at or before `turn` (default: now). */
export function lastChangedTurn(
  state: Pick<SessionState, 'turns' | 'turn'>,
  turn = state.turn,
): TurnState | undefined {
  for (let i = state.turns.length - 1; i >= 0; i--) {
    const t = state.turns[i]!;
    if (t.turn <= turn && (t.files.length || t.apps.length)) return t;
  }
  return undefined;
}

export function isRunning(state: SessionState): boolean {
  return Boolean(state.scenario) && !state.end;
}

/**
 * For a live screen: the event number after which intent changes count as new. The
 * changes of the latest turn that had any stay new through the next turn, then fade.
 */
export function recentFreshSince(state: Pick<SessionState, 'intentStates' | 'turn'>): number {
  let turn = -1;
  let since = Number.POSITIVE_INFINITY;
  for (const id in state.intentStates) {
    const last = state.intentStates[id]!.last;
    if (!last) continue;
    if (last.turn > turn) [turn, since] = [last.turn, last.seq - 1];
    else if (last.turn === turn) since = Math.min(since, last.seq - 1);
  }
  return turn >= 0 && state.turn - turn <= 1 ? since : Number.POSITIVE_INFINITY;
}

export interface QuestionCounts {
  questions: number;
  /** Questions the judge credited with revealing a hidden intent (stage 2, docs/engine.md). */
  targeted: number;
  generic: number;
}

const normQuestion = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Clarification accounting: the questions the agent asked, and how many of them targeted a
 * hidden intent rather than nothing in particular.
 */
export function clarificationCounts(state: Pick<SessionState, 'turns'>): QuestionCounts {
  let questions = 0;
  let targeted = 0;
  for (const turn of state.turns) {
    const asked: string[] = [];
    for (const it of turn.items)
      if (it.kind === 'message' && it.role === 'agent') asked.push(...extractQuestions(it.text));
    const hit = new Set<string>();
    for (const c of turn.changes) if (c.cause === 'question') hit.add(normQuestion(c.detail));
    // The rules judge quotes the question it matched; a model judge may paraphrase it (or
    // count a request without "?"), so then each distinct cause counts as one targeted question.
    const t = asked.filter((q) => hit.has(normQuestion(q))).length || hit.size;
    targeted += t;
    questions += Math.max(asked.length, t);
  }
  return { questions, targeted, generic: questions - targeted };
}

/** The turn now is one the monitor woke the agent for (time scenarios): the agent may keep silent. */
export function wokenTurn(s: Pick<SessionState, 'turns'>): boolean {
  const last = s.turns.at(-1);
  return last ? wokenBy(last) : false;
}

/** The monitor woke the agent for this turn (a time update or reminder, a phone tick). */
function wokenBy(turn: Pick<TurnState, 'items'>): boolean {
  return turn.items.some((i) => i.kind === 'message' && i.role === 'monitor');
}

/**
 * What an agent's empty reply in `turn` means, for every view: on a turn it proposed in, the
 * proposal is what reached the user; woken by the monitor, a silence kept; else no reply.
 */
export function emptyReplyText(turn: Pick<TurnState, 'items'>): string {
  const proposal = turn.items.find((i) => i.kind === 'proposal');
  if (proposal) return `no message: proposal ${proposal.id} is what the user sees`;
  if (wokenBy(turn)) return 'kept silent: nothing reaches the user';
  return 'no reply';
}
