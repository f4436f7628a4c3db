/**
 * Replay is exact: a recording fed through the same reducer as the live session restores the
 * same state at the end of every turn, and the same final scores.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { readRecording } from '../../src/session/recording.ts';
import { runGroup } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { createSessionStore } from '../../src/store/store.ts';
import { createTimeline } from '../../src/store/replay.ts';
import type { SessionState } from '../../src/store/state.ts';

/** Time offsets differ between a live run and its file only in rounding; everything else must match. */
function comparable(state: SessionState): unknown {
  return JSON.parse(
    JSON.stringify(state, (key, value) => (key === 't' || key === 'seq' ? undefined : value)),
  );
}

describe('record → replay round trip', () => {
  const PLAN = 'test/fixtures/lib/scenarios/tester/plan.yaml';
  // Time scenarios add clock jumps, updates, wakes, silences, an intention shift and time scores.
  const FLIGHT = 'scenarios/marketer/flight-watch.yaml';
  const COLUMN = 'scenarios/pharmacist/column-restock.yaml';
  // Proposal scenarios add ticks, notifications, the user's moves, proposals, verdicts and phases.
  const SOAP = 'scenarios/researcher/soap-list.yaml';
  it.each([
    [PLAN, 'script:proactive'],
    [PLAN, 'script:reactive'],
    [FLIGHT, 'script:proactive'],
    [FLIGHT, 'script:eager'],
    [COLUMN, 'script:proactive'],
    [SOAP, 'script:proactive'],
    [SOAP, 'script:eager'],
  ])('restores every turn and the final scores (%s, %s)', async (file, agent) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-rt-'));
    const [group] = planRuns([path.resolve(file)], { noDeps: true });
    const store = createSessionStore();
    const liveAtTurnEnd: SessionState[] = [];
    const [result] = await runGroup(group!, {
      specs: {
        agent: { kind: 'script', name: agent.split(':')[1]! },
        user: { kind: 'rules' },
        judge: { kind: 'rules' },
      },
      config: resolveConfig({}, {}),
      registry: createToolRegistry(),
      recordingsDir: dir,
      onEvent: (event) => {
        // The state at the end of turn n is the state just before turn n+1 starts, or before a
        // proposal's verdict (recorded for the turn the user's answer opens).
        const opens = event.type === 'turn_start' || event.type === 'proposal_verdict';
        if (opens && !liveAtTurnEnd[event.turn - 1])
          liveAtTurnEnd[event.turn - 1] = store.getState().session;
        store.getState().dispatch(event);
      },
    });
    const live = store.getState().session;
    liveAtTurnEnd[live.turn] = live;

    const recording = readRecording(path.join(dir, readdirSync(dir)[0]!));
    const timeline = createTimeline(recording.events);
    expect(timeline.lastTurn).toBe(result!.scores.turns);
    for (let turn = 0; turn <= timeline.lastTurn; turn++)
      expect(comparable(timeline.stateAt(turn)), `turn ${turn}`).toEqual(
        comparable(liveAtTurnEnd[turn]!),
      );
    expect(timeline.stateAt(timeline.lastTurn).scores).toEqual(result!.scores);
    expect(live.end).toMatchObject({ end: 'resolved' });
  });
});
