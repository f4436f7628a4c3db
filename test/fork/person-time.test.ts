/**
 * A time scenario where a person spoke while waiting for time forks exactly: the replay cuts that
 * wait short again, so the person's message starts the same turn and forking at every turn
 * records the parent's session again up to the fork turn. Before, the replay let the time pass
 * there and every fork past it was refused as if the scenario or intentplay had changed; a caller
 * that still lets it pass is refused with that reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ForkPlan } from '../../src/fork/plan.ts';
import { atTurn, loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { runGroup } from '../../src/session/group.ts';
import { normalised } from './goldens.ts';
import { ASKS_IN_THE_WAIT, config, registry, speaksWhileWaiting, withUser } from './person.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-person-time-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ASKS = ASKS_IN_THE_WAIT;
const personSpeaksWhileWaiting = () => speaksWhileWaiting(path.join(dir, 'parent'));

/** A recording's events without time offsets, header or the backends its session_start names. */
function session(file: string): { type: string; turn?: number; role?: string; text?: string }[] {
  return normalised(file)
    .slice(1)
    .map((line) => {
      const e = JSON.parse(line) as { type: string; backends?: unknown };
      delete e.backends;
      return e;
    });
}

/** Everything up to the end of turn `turn` (turn 0: before the first turn starts). */
function prefix(events: ReturnType<typeof session>, turn: number) {
  const end = turn
    ? events.findIndex((e) => e.type === 'turn_end' && e.turn === turn) + 1
    : events.findIndex((e) => e.type === 'turn_start');
  return events.slice(0, end);
}

describe('a time scenario where a person spoke while waiting', () => {
  it('forks at every turn: the wait is cut short again, the prefix as recorded', async () => {
    const file = await personSpeaksWhileWaiting();
    const parent = session(file);
    const asked = parent.findIndex((e) => e.role === 'user' && e.text === ASKS);
    // The message came with no clock moving before it: the wait was cut short.
    expect(parent[asked - 1]?.type).toBe('turn_start');
    expect(parent[asked - 2]?.type).not.toBe('clock');
    const source = loadForkSource(file, 0);
    expect(source.turns).toBeGreaterThan(parent[asked]!.turn!);
    for (let turn = 0; turn <= source.turns; turn++) {
      const out = path.join(dir, `fork-${turn}.jsonl`);
      await runFork(atTurn(source, turn), { specs: withUser('rules'), config, registry, out });
      const want = prefix(parent, turn);
      expect(session(out).slice(0, want.length), `forked at turn ${turn}`).toEqual(want);
      rmSync(out);
    }

    // A replay that lets that wait pass is refused, and says why.
    const plan = new ForkPlan({
      source: atTurn(source, source.turns),
      file: path.join(dir, 'f.jsonl'),
    });
    await runGroup(plan.group, {
      specs: withUser('rules'),
      config,
      registry,
      recordingsDir: null,
      ...plan.options(),
      paceTime: () => Promise.resolve('time_passes'),
      onEvent: (e) => void plan.observe(e),
    }).catch(() => undefined);
    const at = parent[asked]!.turn! - 1;
    expect(() => plan.check()).toThrow(
      `at turn ${at} its user spoke while waiting for time, and this replay let the time pass instead`,
    );
  }, 60_000);
});
