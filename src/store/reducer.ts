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
  type IntentChange,
  type MessageItem,
  type PermissionItem,
  type ScenarioInfo,
  type SessionState,
  type ToolItem,
} from './state.ts';
import { cleanStrings } from '../text/text.ts';
import {
  addItem,
  addUsage,
  answerProposal,
  EMPTY_TURN,
  putPlan,
  putTurn,
  toolIndex,
  turnOf,
  type Batch,
} from './turns.ts';
import { findTurnIn } from './selectors.ts';

export type { Batch } from './turns.ts';

/** The state with what changed in this event over the rest: one copy of the state per event. */
function next(
  state: SessionState,
  seq: number,
  t: number,
  patch: Partial<SessionState>,
): SessionState {
  return { ...state, seq, t, ...patch };
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
