/**
 * A status the user's message carries (the judge's pick, a reveal, an intent told after a
 * follow-up) is stamped with the turn of that message, not the turn before it: replay shows the
 * intent provided in the turn whose message tells it. Recordings made before read the same.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { readRecording } from '../../src/session/recording.ts';
import { createTimeline } from '../../src/store/replay.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { runTarget } from '../helpers/run.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carried-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GOLDENS = path.join(import.meta.dirname, '..', 'golden', 'recordings');
const CARRIED = new Set(['picked', 'reveal', 'follow_up']);

type Status = EventOf<'intent_status'> & TimedEvent;
const carried = (e: TimedEvent): e is Status =>
  e.type === 'intent_status' && e.to === 'provided' && CARRIED.has(e.cause);
const userMessage = (events: readonly TimedEvent[], turn: number) =>
  events.find(
    (e): e is EventOf<'message'> & TimedEvent =>
      e.type === 'message' && e.role === 'user' && e.turn === turn,
  );

/**
 * The golden as a recording on disk (time offsets back); `older`: as intentplay wrote it before,
 * each carried status ahead of its turn's start, stamped with the turn before.
 */
function onDisk(name: string, older = false): string {
  const file = path.join(GOLDENS, `${name}.jsonl`);
  const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  let events: TimedEvent[] = lines.map((l) => ({ ...(JSON.parse(l) as TimedEvent), t: 0 }));
  if (older) {
    const moved = events.filter(carried);
    events = events.flatMap((e): TimedEvent[] => {
      if (carried(e)) return [];
      if (e.type !== 'turn_start') return [e];
      const before = moved
        .filter((s) => s.turn === e.turn)
        .map((s) => ({ ...s, turn: e.turn - 1 }));
      return [...before, e];
    });
  }
  const out = path.join(dir, `${older ? 'older' : 'now'}-${path.basename(file)}`);
  writeFileSync(out, [header, ...events.map((e) => JSON.stringify(e))].join('\n') + '\n');
  return out;
}

describe('a status the user’s message carries', () => {
  it('a pick of the judge is stamped with the turn of the message that tells it', async () => {
    const { events } = await runTarget('researcher/meal-plan', {
      agent: 'script:reactive',
      noDeps: true,
    });
    const picks = events.filter(carried);
    expect(picks.length).toBeGreaterThan(2);
    for (const pick of picks) {
      const message = userMessage(events, pick.turn);
      expect(message?.intents, `${pick.intent} in turn ${pick.turn}`).toContain(pick.intent);
    }
    // Its event follows the message: replayed, the end of turn 1 does not show it; turn 2 does.
    const first = picks[0]!;
    const at = events.indexOf(first);
    expect(events.indexOf(userMessage(events, first.turn)!)).toBeLessThan(at);
    expect(events.findIndex((e) => e.type === 'turn_start' && e.turn === first.turn)).toBeLessThan(
      at,
    );
    const timeline = createTimeline(events);
    expect(timeline.stateAt(first.turn - 1).intentStates[first.intent]?.status).toBe('open');
    expect(timeline.stateAt(first.turn).intentStates[first.intent]?.last).toMatchObject({
      to: 'provided',
      turn: first.turn,
    });
    expect(timeline.statusChangeTurns).toContain(first.turn);
  });

  it('an older recording (stamped a turn early) reads and replays as a new one', () => {
    for (const name of ['reactive/researcher/meal-plan', 'proactive/marketer/flight-watch']) {
      const now = readRecording(onDisk(name)).events;
      const cause = name.includes('flight') ? 'follow_up' : 'picked';
      expect(now.some((e) => carried(e) && e.cause === cause)).toBe(true);
      const written = readFileSync(onDisk(name, true), 'utf8');
      expect(written).not.toBe(readFileSync(onDisk(name), 'utf8'));
      const then = readRecording(onDisk(name, true)).events;
      expect(then).toEqual(now);
      const a = createTimeline(now);
      const b = createTimeline(then);
      for (let turn = 0; turn <= a.lastTurn; turn++)
        expect(b.stateAt(turn).intentStates, `${name} turn ${turn}`).toEqual(
          a.stateAt(turn).intentStates,
        );
    }
  });

  it('an older recording forks exactly, into the new stamping', async () => {
    const specs = (agent: string) => ({
      agent: { kind: 'script' as const, name: agent },
      user: { kind: 'rules' as const },
      judge: { kind: 'rules' as const },
    });
    const config = resolveConfig({}, {});
    const untimed = (file: string) => readRecording(file).events.map(({ t: _t, ...e }) => e);
    // A chat scenario's picks and a time scenario's intent told after a follow-up.
    for (const name of ['reactive/financier/table-watch', 'proactive/marketer/flight-watch']) {
      const out = path.join(dir, `fork-${path.basename(name)}.jsonl`);
      const source = loadForkSource(onDisk(name, true), 1);
      await runFork(source, { specs: specs(name.split('/')[0]!), config, out });
      expect(untimed(out), name).toEqual(untimed(onDisk(name)));
    }
  });
});
