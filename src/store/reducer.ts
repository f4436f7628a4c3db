/**
 * The one reducer from engine events to session state (docs/tui.md). Live play, watch,
 * replay, reports and the record/replay round-trip all go through `reduce`, so a
 * recording restores exactly what the live screen showed. Pure and UI-free: every
 * update returns new objects only for what changed, so selectors (selectors.ts) stay cheap
 * and a replay can keep one state per turn that shares everything unchanged.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';
import { reduceSlices, startSlices } from './slices.ts';
import {
  initialSessionState,
  type ConversationItem,
  type IntentChange,
  type MessageItem,
  type PermissionItem,
  type PlanItem,
  type ProposalItem,
  type RoleUsage,
  type ScenarioInfo,
  type SessionState,
  type ToolItem,
  type TurnState,
} from './state.ts';
import { findTurnIn } from './selectors.ts';
import { cleanStrings } from '../text/text.ts';

const EMPTY_TURN = (turn: number): TurnState => ({
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
const turnOf = (turns: readonly TurnState[], n: number): TurnState =>
  findTurnIn(turns, n) ?? EMPTY_TURN(n);

/** The turns with turn `updated.turn` replaced by `updated`, or inserted in order (turns arrive in order). */
function putTurn(state: SessionState, updated: TurnState, batch: Batch | undefined): TurnState[] {
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

function addItem(
  state: SessionState,
  item: ConversationItem,
  batch: Batch | undefined,
): TurnState[] {
  const t = turnOf(state.turns, item.turn);
  return putTurn(state, { ...t, items: [...t.items, item] }, batch);
}

/** The verdict on the card of proposal `id` (in the latest turn that holds it). */
function answerProposal(
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
function putPlan(state: SessionState, item: PlanItem, batch: Batch | undefined): TurnState[] {
  const t = turnOf(state.turns, item.turn);
  const i = t.items.findIndex((it) => it.kind === 'plan');
  if (i < 0) return putTurn(state, { ...t, items: [...t.items, item] }, batch);
  const items = t.items.slice();
  items[i] = item;
  return putTurn(state, { ...t, items }, batch);
}

function toolIndex(items: readonly ConversationItem[], callId: string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!;
    if (it.kind === 'tool' && it.callId === callId) return i;
  }
  return -1;
}

/** The state with what changed in this event over the rest: one copy of the state per event. */
function next(
  state: SessionState,
  seq: number,
  t: number,
  patch: Partial<SessionState>,
): SessionState {
  return { ...state, seq, t, ...patch };
}

function addUsage(
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

/**
 * Applies one event: the core's fields, then the installed paradigms' slices. `agent_delta.text`
 * and `tool_delta.args` are fragments appended to what has streamed so far; the final
 * `message` / `tool_call` replaces them.
 */
export function reduce(
  state: SessionState,
  raw: SessionEvent | TimedEvent,
  batch?: Batch,
): SessionState {
  // What every screen and export shows comes from here: no control sequence from others' text gets in.
  const event = cleanStrings(raw);
  // The core's update is always a fresh object: the slices are set on it.
  const fresh = reduceCore(state, event, batch);
  if (event.type === 'session_start') startSlices(fresh, event);
  else reduceSlices(state, fresh, event);
  return fresh;
}

function reduceCore(
  state: SessionState,
  event: SessionEvent | TimedEvent,
  batch: Batch | undefined,
): SessionState {
  const seq = state.seq + 1;
  const t = 't' in event && typeof event.t === 'number' ? event.t : state.t;
  switch (event.type) {
    case 'session_start': {
      const previous = state.scenario
        ? [
            ...state.previous,
            {
              scenario: state.scenario.id,
              title: state.scenario.title,
              end: state.end?.end ?? 'aborted',
              ...(state.scores ? { scores: state.scores } : {}),
            },
          ]
        : state.previous;
      const { intents, checklist } = event;
      const info: ScenarioInfo = {
        id: event.scenario,
        persona: event.persona,
        title: event.title,
        index: event.index,
        of: event.of,
        trigger: event.trigger,
        maxTurns: event.maxTurns,
        toolSteps: event.toolSteps,
        backends: event.backends,
        ...(event.personaCard ? { personaCard: event.personaCard } : {}),
      };
      return {
        ...initialSessionState(),
        seq,
        t,
        previous,
        scenario: info,
        intents,
        checklist,
        intentStates: Object.fromEntries(
          intents.map((i) => [i.id, { status: 'open' as const, history: [] }]),
        ),
      };
    }
    case 'turn_start': {
      const turns = findTurnIn(state.turns, event.turn)
        ? state.turns
        : putTurn(state, EMPTY_TURN(event.turn), batch);
      return next(state, seq, t, {
        turn: event.turn,
        awaiting: null,
        turns,
      });
    }
    case 'message': {
      const item: MessageItem = {
        kind: 'message',
        turn: event.turn,
        role: event.role,
        text: event.text,
        ...(event.source ? { source: event.source } : {}),
        ...(event.intents?.length ? { intents: event.intents } : {}),
        ...(event.at ? { at: event.at } : {}),
      };
      return next(state, seq, t, {
        turns: addItem(state, item, batch),
        awaiting: null,
        reading: event.role === 'user' ? null : state.reading,
        stream: event.role === 'agent' ? null : state.stream,
      });
    }
    case 'agent_delta': {
      const prev =
        state.stream?.turn === event.turn
          ? state.stream
          : { turn: event.turn, text: '', tools: [] };
      return next(state, seq, t, {
        awaiting: null,
        stream: { ...prev, text: prev.text + event.text },
      });
    }
    case 'tool_delta': {
      const prev =
        state.stream?.turn === event.turn
          ? state.stream
          : { turn: event.turn, text: '', tools: [] };
      const i = prev.tools.findIndex((x) => x.callId === event.callId);
      const tools = prev.tools.slice();
      if (i < 0) tools.push({ callId: event.callId, name: event.name, args: event.args });
      else
        tools[i] = {
          ...tools[i]!,
          name: event.name || tools[i]!.name,
          args: tools[i]!.args + event.args,
        };
      return next(state, seq, t, { stream: { ...prev, tools } });
    }
    case 'tool_call': {
      const item: ToolItem = {
        kind: 'tool',
        turn: event.turn,
        callId: event.callId,
        name: event.name,
        args: event.args,
        state: 'running',
      };
      const streaming = state.stream && state.stream.tools.length ? state.stream : null;
      const stream = streaming
        ? { ...streaming, tools: streaming.tools.filter((x) => x.callId !== event.callId) }
        : state.stream;
      return next(state, seq, t, { turns: addItem(state, item, batch), awaiting: null, stream });
    }
    case 'tool_result': {
      const turn = turnOf(state.turns, event.turn);
      const i = toolIndex(turn.items, event.callId);
      if (i < 0) return next(state, seq, t, {});
      const items = turn.items.slice();
      items[i] = {
        ...(items[i] as ToolItem),
        state: event.ok ? 'ok' : 'error',
        ...(event.args !== undefined ? { args: event.args } : {}),
        ...(event.result !== undefined ? { result: event.result } : {}),
        ...(event.error !== undefined ? { error: event.error } : {}),
      };
      return next(state, seq, t, { turns: putTurn(state, { ...turn, items }, batch) });
    }
    case 'workspace_diff': {
      const turn = turnOf(state.turns, event.turn);
      return next(state, seq, t, {
        turns: putTurn(state, { ...turn, files: [...turn.files, ...event.files] }, batch),
      });
    }
    case 'app_diff': {
      const turn = turnOf(state.turns, event.turn);
      return next(state, seq, t, {
        turns: putTurn(state, { ...turn, apps: [...turn.apps, ...event.apps] }, batch),
      });
    }
    case 'turn_end': {
      const turn = turnOf(state.turns, event.turn);
      return next(state, seq, t, {
        stream: null,
        turns: putTurn(
          state,
          { ...turn, ended: true, ...(event.error ? { error: event.error } : {}) },
          batch,
        ),
      });
    }
    case 'intent_status': {
      const change: IntentChange = {
        turn: event.turn,
        from: event.from,
        to: event.to,
        cause: event.cause,
        detail: event.detail,
        seq,
      };
      const prev = state.intentStates[event.intent] ?? { status: event.from, history: [] };
      const turn = turnOf(state.turns, event.turn);
      return next(state, seq, t, {
        intentStates: {
          ...state.intentStates,
          [event.intent]: { status: event.to, last: change, history: [...prev.history, change] },
        },
        turns: putTurn(
          state,
          { ...turn, changes: [...turn.changes, { ...change, intent: event.intent }] },
          batch,
        ),
      });
    }
    case 'checklist_result':
      return next(state, seq, t, {
        checks: {
          ...state.checks,
          [event.item]: {
            pass: event.pass,
            reason: event.reason,
            by: event.by,
            turn: event.turn,
            seq,
          },
        },
      });
    case 'usage':
      return next(state, seq, t, {
        usage: {
          ...state.usage,
          [event.role]: addUsage(state.usage[event.role], event.model, event.usage),
        },
      });
    case 'notice':
      return next(state, seq, t, {
        turns: addItem(
          state,
          {
            kind: 'notice',
            turn: event.turn,
            level: event.level,
            source: 'notice',
            text: event.text,
          },
          batch,
        ),
      });
    case 'judge_error':
      return next(state, seq, t, {
        turns: addItem(
          state,
          {
            kind: 'notice',
            turn: event.turn,
            level: 'warning',
            source: 'judge_error',
            text: event.message,
          },
          batch,
        ),
      });
    case 'leak_warning':
      return next(state, seq, t, {
        turns: addItem(
          state,
          {
            kind: 'notice',
            turn: event.turn,
            level: 'warning',
            source: 'leak_warning',
            text: `the user message may leak ${event.intents.join(', ')} (${event.terms.join(', ')})`,
          },
          batch,
        ),
      });
    case 'awaiting_input':
      return next(state, seq, t, { awaiting: { turn: event.turn, role: event.role } });
    case 'reading_message':
      return next(state, seq, t, {
        awaiting: null,
        reading: { turn: event.turn, text: event.text },
      });
    case 'score':
      return next(state, seq, t, { scores: event.scores });
    case 'proposal':
      return next(state, seq, t, {
        turns: addItem(
          state,
          { kind: 'proposal', turn: event.turn, id: event.proposal, summary: event.summary },
          batch,
        ),
      });
    case 'proposal_verdict':
      return next(state, seq, t, {
        turns: answerProposal(state, event, batch),
      });
    case 'plan':
      return next(state, seq, t, {
        turns: putPlan(state, { kind: 'plan', turn: event.turn, entries: event.entries }, batch),
      });
    case 'permission_request':
      return next(state, seq, t, {
        permissionAsk: {
          turn: event.turn,
          callId: event.callId,
          title: event.title,
          paths: event.paths,
          ...(event.kind ? { kind: event.kind } : {}),
          ...(event.input !== undefined ? { input: event.input } : {}),
        },
      });
    case 'permission': {
      const item: PermissionItem = {
        kind: 'permission',
        turn: event.turn,
        callId: event.callId,
        title: event.title,
        paths: event.paths,
        ...(event.input !== undefined ? { input: event.input } : {}),
        decision: event.decision,
        by: event.by,
        reason: event.reason,
      };
      return next(state, seq, t, {
        permissionAsk: state.permissionAsk?.callId === event.callId ? null : state.permissionAsk,
        turns: addItem(state, item, batch),
      });
    }
    case 'session_end':
      return next(state, seq, t, {
        stream: null,
        awaiting: null,
        reading: null,
        permissionAsk: null,
        end: {
          end: event.end,
          turns: event.turns,
          ...(event.message ? { message: event.message } : {}),
        },
      });
    default:
      // A paradigm's own events (its slice reads them), or an event type this reducer does not
      // know (a newer recording): count it, change nothing else here.
      return next(state, seq, t, {});
  }
}

/** Reduces a whole list of events from a given state (replay, tests, reports). */
export function reduceAll(
  events: readonly (SessionEvent | TimedEvent)[],
  from: SessionState = initialSessionState(),
): SessionState {
  const batch: Batch = {};
  let state = from;
  for (const e of events) state = reduce(state, e, batch);
  return state;
}
