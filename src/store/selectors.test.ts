import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../contracts/events.ts';
import { collectRun, SESSION_START as START } from '../../test/tui/session-events.ts';
import { reduce, reduceAll } from './reducer.ts';
import { initialSessionState } from './state.ts';
import {
  clarificationCounts,
  findTurnIn,
  isRunning,
  lastChangedTurn,
  recentFreshSince,
  turnState,
} from './selectors.ts';

const agent = (turn: number, text: string): SessionEvent => ({
  type: 'message',
  turn,
  role: 'agent',
  text,
});
const inferred = (turn: number, intent: string, detail: string): SessionEvent => ({
  type: 'intent_status',
  turn,
  intent,
  from: 'open',
  to: 'inferred',
  cause: 'question',
  detail,
});
const edit = (turn: number, p: string): SessionEvent => ({
  type: 'workspace_diff',
  turn,
  files: [{ path: p, change: 'added', additions: 1, deletions: 0, patch: '' }],
});

describe('turnState and findTurnIn', () => {
  it('find a turn by its number, and nothing for a turn that has not started', () => {
    const s = reduceAll([START, { type: 'turn_start', turn: 1 }, { type: 'turn_start', turn: 3 }]);
    expect(turnState(s, 3)?.turn).toBe(3);
    expect(turnState(s, 2)).toBeUndefined();
    expect(findTurnIn(s.turns, 1)).toBe(s.turns[0]);
    expect(findTurnIn([], 1)).toBeUndefined();
  });
});

describe('lastChangedTurn', () => {
  it('shows the latest turn that changed the workspace or an app, as of a given turn', () => {
    const s = reduceAll([
      START,
      { type: 'turn_start', turn: 1 },
      edit(1, 'a.md'),
      { type: 'turn_start', turn: 2 },
      { type: 'turn_start', turn: 3 },
      edit(3, 'b.md'),
      { type: 'turn_start', turn: 4 },
    ]);
    expect(lastChangedTurn(s)?.turn).toBe(3);
    expect(lastChangedTurn(s, 2)?.turn).toBe(1);
    expect(lastChangedTurn(s, 2)?.files.map((f) => f.path)).toEqual(['a.md']);
    expect(lastChangedTurn(reduceAll([START, { type: 'turn_start', turn: 1 }]))).toBeUndefined();
  });
});

describe('isRunning', () => {
  it('is true from session_start until session_end', () => {
    expect(isRunning(initialSessionState())).toBe(false);
    const s = reduceAll([START, { type: 'turn_start', turn: 1 }]);
    expect(isRunning(s)).toBe(true);
    expect(isRunning(reduce(s, { type: 'session_end', end: 'resolved', turns: 1 }))).toBe(false);
  });
});

describe('recentFreshSince', () => {
  it("marks the latest turn's intent changes new through the next turn, then lets them fade", () => {
    let s = reduceAll([START, { type: 'turn_start', turn: 1 }]);
    expect(recentFreshSince(s)).toBe(Number.POSITIVE_INFINITY);
    s = reduce(s, inferred(1, 'I1', 'q1'));
    const firstChange = s.seq;
    s = reduce(s, {
      type: 'intent_status',
      turn: 1,
      intent: 'I2',
      from: 'open',
      to: 'completed',
      cause: 'evidence',
      detail: 'd',
    });
    // Both changes of turn 1 are new: everything after the event before the first of them.
    expect(recentFreshSince(s)).toBe(firstChange - 1);
    s = reduce(s, { type: 'turn_start', turn: 2 });
    expect(recentFreshSince(s)).toBe(firstChange - 1);
    s = reduce(s, { type: 'turn_start', turn: 3 });
    expect(recentFreshSince(s)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('clarificationCounts', () => {
  it('counts questions per reply, targeted when the judge credited them, generic otherwise', () => {
    const events = [
      agent(1, 'Here is a draft. What is your budget? Anything else you need?'),
      inferred(1, 'I1', 'What is your budget?'),
      inferred(1, 'I2', 'What is your budget?'), // one question can target two intents
      agent(2, 'Done.'),
      agent(3, 'Should I book it? Which day works?'),
    ];
    expect(clarificationCounts(reduceAll(events))).toEqual({
      questions: 4,
      targeted: 1,
      generic: 3,
    });
  });

  it('credits a model judge that paraphrased the question', () => {
    expect(
      clarificationCounts(
        reduceAll([
          agent(1, 'Tell me your budget. Which city?'),
          inferred(1, 'I1', 'asks for the budget'),
          inferred(1, 'I2', 'asks for the city'),
        ]),
      ),
    ).toEqual({
      questions: 2,
      targeted: 2,
      generic: 0,
    });
  });

  it('counts the questions of a real offline session that the rules judge credited', async () => {
    const run = await collectRun('tester/plan');
    const state = reduceAll(run.events);
    const credited = state.turns.flatMap((t) => t.changes).filter((c) => c.cause === 'question');
    expect(credited.length).toBeGreaterThan(0);
    const counts = clarificationCounts(state);
    expect(counts.targeted).toBeGreaterThan(0);
    expect(counts.targeted).toBeLessThanOrEqual(credited.length);
    expect(counts.questions).toBe(counts.targeted + counts.generic);
  });
});
