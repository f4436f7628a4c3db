import { describe, expect, it } from 'vitest';
import { collectRun, SESSION_START as START } from '../../test/tui/session-events.ts';
import { reduce, reduceAll } from './reducer.ts';
import { initialSessionState, type SessionState } from './state.ts';
import {
  agentTurns,
  checklistCounts,
  compSoFar,
  intentCounts,
  procSoFar,
  turnState,
  usageTotals,
} from './selectors.ts';

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe('reduce over a real offline episode', () => {
  it('ends each session with the statuses, Proc and Comp the engine scored', async () => {
    const run = await collectRun('tester');
    const state = reduceAll(run.events);
    const [gear, plan] = run.results;
    expect(state.scenario?.id).toBe('tester/plan');
    expect(state.previous).toEqual([
      { scenario: 'tester/gear', title: 'Pick gym gear', end: 'resolved', scores: gear!.scores },
    ]);
    expect(
      Object.fromEntries(state.intents.map((i) => [i.id, state.intentStates[i.id]!.status])),
    ).toEqual(plan!.scores.intents);
    expect(procSoFar(state)).toBeCloseTo(plan!.scores.proc);
    expect(compSoFar(state)).toBe(plan!.scores.comp);
    expect(checklistCounts(state)).toEqual({ passed: 2, failed: 0, ungraded: 1, pending: 0 });
    expect(state.end).toEqual({ end: 'resolved', turns: 2 });
    expect(agentTurns(state)).toBe(2);
  });

  it('attaches tool calls, diffs and status changes to their turn', async () => {
    const run = await collectRun('tester/plan');
    const state = reduceAll(run.sessions.at(-1)!);
    const t1 = turnState(state, 1)!;
    const label = (i: (typeof t1.items)[number]): string => {
      if (i.kind === 'message') return i.role;
      return i.kind === 'tool' ? `tool:${i.name}:${i.state}` : i.kind;
    };
    expect(t1.items.map(label)).toEqual(['user', 'tool:write_file:ok', 'agent']);
    expect(t1.files.map((f) => [f.path, f.change, f.additions])).toEqual([['plan.md', 'added', 3]]);
    expect(t1.changes.map((c) => `${c.intent}:${c.to}:${c.cause}`)).toEqual([
      'I1:completed:evidence',
      'I2:inferred:question',
      'I3:inferred:question',
    ]);
    const i2 = state.intentStates.I2!;
    expect(i2.last).toMatchObject({
      turn: 1,
      cause: 'question',
      detail: "What's your per-meal budget?",
    });
    const t2 = turnState(state, 2)!;
    expect(t2.items[0]).toMatchObject({ kind: 'message', role: 'user', intents: ['I2', 'I3'] });
    expect(t2.files[0]).toMatchObject({
      path: 'plan.md',
      change: 'modified',
      additions: 1,
      deletions: 1,
    });
  });
});

describe('reduce, event by event', () => {
  const started = () => reduceAll([START, { type: 'turn_start', turn: 1 }]);

  it('never mutates the state it is given, and keeps what did not change', () => {
    const s0 = deepFreeze(
      reduceAll([
        START,
        { type: 'turn_start', turn: 1 },
        { type: 'message', turn: 1, role: 'user', text: 'hi' },
      ]),
    );
    const s1 = reduce(s0, {
      type: 'intent_status',
      turn: 1,
      intent: 'I1',
      from: 'open',
      to: 'completed',
      cause: 'evidence',
      detail: 'd',
    });
    expect(s0.intentStates.I1!.status).toBe('open');
    expect(s1.intentStates.I1!.status).toBe('completed');
    expect(s1.intentStates.I2).toBe(s0.intentStates.I2);
    expect(s1.checks).toBe(s0.checks);
    expect(s1.intents).toBe(s0.intents);
    const s2 = reduce(s1, { type: 'turn_start', turn: 2 });
    const s3 = reduce(s2, { type: 'message', turn: 2, role: 'agent', text: 'ok' });
    expect(turnState(s3, 1)).toBe(turnState(s1, 1));
  });

  it('reduces a batch without touching the state it started from', () => {
    const from = deepFreeze(
      reduceAll([
        START,
        { type: 'turn_start', turn: 1 },
        { type: 'message', turn: 1, role: 'user', text: 'hi' },
      ]),
    );
    const after = reduceAll(
      [
        { type: 'message', turn: 1, role: 'agent', text: 'hello' },
        { type: 'turn_start', turn: 2 },
        { type: 'message', turn: 2, role: 'user', text: 'more' },
      ],
      from,
    );
    expect(turnState(from, 1)!.items).toHaveLength(1);
    expect(from.turns).toHaveLength(1);
    expect(after.turns.map((t) => t.items.length)).toEqual([2, 1]);
  });

  it('accumulates streamed text and tool arguments, and the final message replaces them', () => {
    let s = started();
    s = reduce(s, { type: 'agent_delta', turn: 1, text: 'Hel' });
    s = reduce(s, { type: 'agent_delta', turn: 1, text: 'lo' });
    s = reduce(s, { type: 'tool_delta', turn: 1, callId: 'c1', name: 'write_file', args: '{"pa' });
    s = reduce(s, { type: 'tool_delta', turn: 1, callId: 'c1', name: '', args: 'th":1}' });
    expect(s.stream).toEqual({
      turn: 1,
      text: 'Hello',
      tools: [{ callId: 'c1', name: 'write_file', args: '{"path":1}' }],
    });
    s = reduce(s, {
      type: 'tool_call',
      turn: 1,
      callId: 'c1',
      name: 'write_file',
      args: { path: 1 },
    });
    expect(s.stream?.tools).toEqual([]);
    expect(turnState(s, 1)!.items.at(-1)).toMatchObject({ kind: 'tool', state: 'running' });
    s = reduce(s, {
      type: 'tool_result',
      turn: 1,
      callId: 'c1',
      name: 'write_file',
      ok: false,
      error: 'bad path',
    });
    expect(turnState(s, 1)!.items.at(-1)).toMatchObject({
      kind: 'tool',
      state: 'error',
      error: 'bad path',
    });
    s = reduce(s, { type: 'message', turn: 1, role: 'agent', text: 'Hello there' });
    expect(s.stream).toBeNull();
    expect(turnState(s, 1)!.items.at(-1)).toMatchObject({
      kind: 'message',
      role: 'agent',
      text: 'Hello there',
    });
  });

  it('sums usage per role and overall', () => {
    let s = started();
    s = reduce(s, {
      type: 'usage',
      turn: 1,
      role: 'agent',
      model: 'm1',
      usage: { inputTokens: 100, outputTokens: 20, estimated: false, costUsd: 0.5 },
    });
    s = reduce(s, {
      type: 'usage',
      turn: 1,
      role: 'agent',
      model: 'm1',
      usage: { inputTokens: 50, outputTokens: 5, estimated: true },
    });
    s = reduce(s, {
      type: 'usage',
      turn: 1,
      role: 'judge',
      model: 'm2',
      usage: { inputTokens: 10, outputTokens: 1, estimated: false, costUsd: 0.25 },
    });
    expect(s.usage.agent).toEqual({
      inputTokens: 150,
      outputTokens: 25,
      costUsd: 0.5,
      estimated: true,
      calls: 2,
      models: ['m1'],
    });
    expect(usageTotals(s)).toEqual({
      inputTokens: 160,
      outputTokens: 26,
      costUsd: 0.75,
      estimated: true,
    });
  });

  it('shows notices, judge errors and leak warnings in their turn', () => {
    let s = started();
    s = reduce(s, { type: 'notice', turn: 1, level: 'error', text: 'tool-step cap reached' });
    s = reduce(s, { type: 'judge_error', turn: 1, message: 'judge down' });
    s = reduce(s, { type: 'leak_warning', turn: 1, intents: ['I2'], terms: ['two'] });
    expect(
      turnState(s, 1)!.items.map((i) =>
        i.kind === 'notice' ? `${i.source}:${i.level}:${i.text}` : '',
      ),
    ).toEqual([
      'notice:error:tool-step cap reached',
      'judge_error:warning:judge down',
      'leak_warning:warning:the user message may leak I2 (two)',
    ]);
  });

  it('knows when a person is awaited, until their input arrives', () => {
    let s = started();
    s = reduce(s, { type: 'awaiting_input', turn: 1, role: 'agent' });
    expect(s.awaiting).toEqual({ turn: 1, role: 'agent' });
    s = reduce(s, { type: 'message', turn: 1, role: 'agent', text: 'done' });
    expect(s.awaiting).toBeNull();
  });

  it('holds a user message the judge is still reading until the message itself arrives', () => {
    let s = started();
    s = reduce(s, { type: 'awaiting_input', turn: 1, role: 'user' });
    s = reduce(s, { type: 'reading_message', turn: 1, text: 'under six hundred' });
    expect(s.reading).toEqual({ turn: 1, text: 'under six hundred' });
    expect(s.awaiting).toBeNull();
    s = reduce(s, { type: 'message', turn: 2, role: 'user', text: 'under six hundred' });
    expect(s.reading).toBeNull();
  });

  it('marks pending, ungraded and failed checklist items apart', () => {
    let s: SessionState = started();
    expect(checklistCounts(s)).toEqual({ passed: 0, failed: 0, ungraded: 0, pending: 2 });
    expect(compSoFar(s)).toBeNull();
    s = reduce(s, {
      type: 'checklist_result',
      turn: 1,
      item: 'C1',
      pass: false,
      reason: 'no',
      by: 'rule',
    });
    s = reduce(s, {
      type: 'checklist_result',
      turn: 1,
      item: 'C2',
      pass: null,
      reason: 'needs a model',
      by: 'rubric',
    });
    expect(checklistCounts(s)).toEqual({ passed: 0, failed: 1, ungraded: 1, pending: 0 });
    expect(compSoFar(s)).toBe(0);
    s = reduce(s, {
      type: 'checklist_result',
      turn: 2,
      item: 'C1',
      pass: true,
      reason: 'yes',
      by: 'rule',
    });
    expect(compSoFar(s)).toBe(1);
  });

  it('keeps a per-intent history of changes and counts per status', () => {
    let s = started();
    s = reduce(s, {
      type: 'intent_status',
      turn: 1,
      intent: 'I1',
      from: 'open',
      to: 'provided',
      cause: 'picked',
      detail: 'first open',
    });
    s = reduce(s, {
      type: 'intent_status',
      turn: 2,
      intent: 'I1',
      from: 'provided',
      to: 'completed',
      cause: 'manual',
      detail: 'set by hand',
    });
    expect(s.intentStates.I1!.history.map((h) => `${h.turn}:${h.to}:${h.cause}`)).toEqual([
      '1:provided:picked',
      '2:completed:manual',
    ]);
    expect(intentCounts(s)).toMatchObject({ open: 1, completed: 1 });
    expect(procSoFar(s)).toBe(0.5);
  });

  it('starts a fresh session on session_start and remembers the one before', () => {
    const s = reduceAll([
      START,
      { type: 'turn_start', turn: 1 },
      { type: 'session_end', end: 'max_turns', turns: 1 },
      { ...START, scenario: 'p/t', index: 1, of: 2 },
    ]);
    expect(s.turns).toEqual([]);
    expect(s.scenario).toMatchObject({ id: 'p/t', index: 1, of: 2 });
    expect(s.previous).toEqual([{ scenario: 'p/s', title: 'T', end: 'max_turns' }]);
    expect(initialSessionState().previous).toEqual([]);
  });
});
