import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../contracts/events.ts';
import { readRecording } from '../session/recording.ts';
import { collectRun } from '../../test/tui/session-events.ts';
import { reduceAll } from './reducer.ts';
import { turnState } from './selectors.ts';
import { createTimeline, turnBoundaries } from './replay.ts';
import type { SessionState } from './state.ts';
import { createSessionStore } from './store.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replay through the reducer', () => {
  it('restores from a recording exactly the state the live store reached', async () => {
    const run = await collectRun('tester/plan', { recordingsDir: dir });
    const store = createSessionStore();
    for (const e of run.sessions.at(-1)!) store.getState().dispatch(e);
    const file = run.results.at(-1)!.recording!;
    const recording = readRecording(file);
    expect(reduceAll(recording.events)).toEqual(store.getState().session);
    expect(readdirSync(dir).length).toBe(2); // gear (the dependency) and plan
  });

  it('gives the state at the end of every turn', async () => {
    const run = await collectRun('tester/plan');
    const events = run.sessions.at(-1)!;
    const timeline = createTimeline(events);
    expect(timeline.lastTurn).toBe(2);
    const ends = turnBoundaries(events);
    for (const turn of [2, 0, 1])
      expect(timeline.stateAt(turn)).toEqual(reduceAll(events.slice(0, ends[turn])));
    const t0 = timeline.stateAt(0);
    expect(t0.turns).toEqual([]);
    expect(Object.values(t0.intentStates).every((i) => i.status === 'open')).toBe(true);
    // End of turn 1: the judge's verdict and questions are in, the user's answer is not.
    const t1 = timeline.stateAt(1);
    expect(t1.intentStates.I2!.status).toBe('inferred');
    expect(turnState(t1, 2)).toBeUndefined();
    expect(timeline.stateAt(2).end?.end).toBe('resolved');
    expect(timeline.stateAt(99)).toBe(timeline.stateAt(2));
  });

  it('jumps between turns that changed a status', async () => {
    const run = await collectRun('tester/plan');
    const timeline = createTimeline(run.sessions.at(-1)!);
    expect(timeline.statusChangeTurns).toEqual([1]);
    expect(timeline.nextStatusChange(0)).toBe(1);
    expect(timeline.nextStatusChange(1)).toBeUndefined();
    expect(timeline.previousStatusChange(2)).toBe(1);
  });
});

describe('a proposal and its verdict, turn by turn', () => {
  // The bundled researcher/soap-list as the engine records it (the golden test keeps it so).
  const golden = path.resolve(
    import.meta.dirname,
    '../../test/golden/recordings/proactive/researcher/soap-list.jsonl',
  );
  const events = readFileSync(golden, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as SessionEvent);
  const card = (state: SessionState) =>
    state.turns.flatMap((t) => t.items).find((i) => i.kind === 'proposal');

  it("the proposal's turn shows it waiting; its verdict shows in the turn the user's answer opens", () => {
    const timeline = createTimeline(events);
    expect(card(timeline.stateAt(2))).toMatchObject({ id: 'P1', turn: 2 });
    expect(card(timeline.stateAt(2))!.verdict).toBeUndefined();
    expect(timeline.stateAt(2).phone!.proposals[0]!.verdict).toBeUndefined();
    expect(card(timeline.stateAt(3))).toMatchObject({ verdict: 'accepted', answeredIn: 3 });
    expect(timeline.stateAt(3).phone!.proposals[0]!.verdict).toBe('accepted');
  });

  it('an older recording (the verdict given the proposal’s turn) still replays as it did', () => {
    const older = events.map((e) => (e.type === 'proposal_verdict' ? { ...e, turn: 2 } : e));
    const timeline = createTimeline(older);
    expect(timeline.lastTurn).toBe(createTimeline(events).lastTurn);
    expect(card(timeline.stateAt(2))).toMatchObject({ verdict: 'accepted', answeredIn: 2 });
    expect(timeline.stateAt(timeline.lastTurn).end?.end).toBe('resolved');
  });
});
