/**
 * The shape of every recorded event, checked when a recording is read: each event type with
 * the kind of each of its required fields. The table is typed against the event union, so
 * the compiler refuses a missing event type or a missing required field, and the list of
 * known types is derived from it (no hand-kept list to forget).
 */
import type { EventOf, SessionEventType } from './events.ts';

/** `any`: present, of any JSON kind (a tool call's arguments may be text the model could not make JSON). */
type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'turn' | 'any';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Shape<T extends SessionEventType> = Record<Exclude<RequiredKeys<EventOf<T>>, 'type'>, Kind>;

const SHAPES: { [T in SessionEventType]: Shape<T> } = {
  session_start: {
    scenario: 'string',
    persona: 'string',
    title: 'string',
    index: 'number',
    of: 'number',
    trigger: 'object',
    intents: 'array',
    checklist: 'array',
    maxTurns: 'number',
    toolSteps: 'number',
    backends: 'object',
  },
  turn_start: { turn: 'turn' },
  message: { turn: 'turn', role: 'string', text: 'string' },
  agent_delta: { turn: 'turn', text: 'string' },
  tool_delta: { turn: 'turn', callId: 'string', name: 'string', args: 'string' },
  tool_call: { turn: 'turn', callId: 'string', name: 'string', args: 'any' },
  tool_result: { turn: 'turn', callId: 'string', name: 'string', ok: 'boolean' },
  workspace_diff: { turn: 'turn', files: 'array' },
  app_diff: { turn: 'turn', apps: 'array' },
  turn_end: { turn: 'turn' },
  intent_status: {
    turn: 'turn',
    intent: 'string',
    from: 'string',
    to: 'string',
    cause: 'string',
    detail: 'string',
  },
  checklist_result: {
    turn: 'turn',
    item: 'string',
    pass: 'object',
    reason: 'string',
    by: 'string',
  },
  usage: { turn: 'turn', role: 'string', model: 'string', usage: 'object' },
  judge_error: { turn: 'turn', message: 'string' },
  leak_warning: { turn: 'turn', intents: 'array', terms: 'array' },
  notice: { turn: 'turn', level: 'string', text: 'string' },
  awaiting_input: { turn: 'turn', role: 'string' },
  reading_message: { turn: 'turn', text: 'string' },
  clock: { turn: 'turn', from: 'string', to: 'string', passed: 'string' },
  update: {
    turn: 'turn',
    update: 'string',
    at: 'string',
    text: 'string',
    seen: 'boolean',
    pushed: 'string',
  },
  reminder: { turn: 'turn', action: 'string', id: 'string', note: 'string' },
  wake: { turn: 'turn', at: 'string', reminders: 'array', pushed: 'boolean' },
  wake_choice: { turn: 'turn', choice: 'string' },
  update_verdict: { turn: 'turn', update: 'string', expect: 'string', verdict: 'string' },
  task_status: { turn: 'turn', status: 'string' },
  tick: { turn: 'turn', tick: 'number', at: 'string' },
  notification: {
    turn: 'turn',
    app: 'string',
    text: 'string',
    preview: 'string',
    spurious: 'boolean',
  },
  user_action: { turn: 'turn', kind: 'string', ok: 'boolean', text: 'string' },
  proposal: { turn: 'turn', proposal: 'string', summary: 'string' },
  proposal_verdict: { turn: 'turn', proposal: 'string', verdict: 'string', reason: 'string' },
  phase: { turn: 'turn', phase: 'string' },
  plan: { turn: 'turn', entries: 'array' },
  permission_request: { turn: 'turn', callId: 'string', title: 'string', paths: 'array' },
  permission: {
    turn: 'turn',
    callId: 'string',
    title: 'string',
    paths: 'array',
    decision: 'string',
    by: 'string',
    reason: 'string',
  },
  score: { scores: 'object' },
  session_end: { end: 'string', turns: 'number' },
};

export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(SHAPES));

function kindOf(v: unknown): Kind | 'null' | 'undefined' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as Kind;
}

/** Whether a value of kind `got` is what a field of `kind` needs (a turn: a whole number from 0). */
function fits(kind: Kind, got: Kind | 'null' | 'undefined', v: unknown): boolean {
  if (kind === 'any') return got !== 'undefined';
  if (kind === 'turn') return got === 'number' && Number.isInteger(v) && (v as number) >= 0;
  return got === kind;
}

/** What is wrong with an event read from a file (null when its type and required fields are right). */
export function eventProblem(e: { type: string } & Record<string, unknown>): string | null {
  const shape = (SHAPES as Record<string, Record<string, Kind>>)[e.type];
  if (!shape) return `unknown event type "${e.type}"`;
  for (const [field, kind] of Object.entries(shape)) {
    const v = e[field];
    const got = kindOf(v);
    // A checklist result's `pass` is true, false or null (ungraded).
    if (field === 'pass' && (got === 'boolean' || got === 'null')) continue;
    if (fits(kind, got, v)) continue;
    return `event "${e.type}" needs \`${field}\` (${kind === 'turn' ? 'a turn number' : `a${kind === 'object' || kind === 'array' ? 'n' : ''} ${kind}`}), got ${got === 'undefined' ? 'nothing' : got}`;
  }
  if (e.type === 'score') {
    const s = e.scores as Record<string, unknown>;
    if (
      typeof s.proc !== 'number' ||
      typeof s.intents !== 'object' ||
      s.intents === null ||
      typeof s.checklist !== 'object' ||
      s.checklist === null
    )
      return 'event "score" needs `scores` with `proc`, `intents` and `checklist`';
  }
  return null;
}
