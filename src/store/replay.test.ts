import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from '../session/recording.ts';
import { collectRun } from '../../test/tui/session-events.ts';
import { reduceAll } from './reducer.ts';
import { turnState } from './selectors.ts';
import { createTimeline, turnBoundaries } from './replay.ts';
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
