/**
 * The Phone's tick line says what its numbers are: the ticks of the clock so far, and the steps
 * of the scenario's activity the rules user has taken. A tick spent answering a proposal takes no
 * step, so researcher/soap-list ends at tick 6 with its 5 steps done; before, the pane and the
 * HTML export read "tick 6/5", a count past its own total.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/contracts/events.ts';
import { phoneBlocks } from '../../src/proposals/phone-pane.ts';
import type { PhoneState } from '../../src/proposals/phone-state.ts';
import { readRecording } from '../../src/session/recording.ts';
import { exportRecording } from '../../src/share/export.ts';
import { createTimeline } from '../../src/store/replay.ts';
import { createTheme } from '../../src/tui/theme.ts';
import { recordReference } from '../share/fixture.ts';

const GOLDEN = path.join(
  import.meta.dirname,
  '../golden/recordings/proactive/researcher/soap-list.jsonl',
);
const events = readFileSync(GOLDEN, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => JSON.parse(l) as SessionEvent);

const statusLine = (phone: PhoneState) =>
  phoneBlocks(phone, 80, createTheme(), { playing: false })[0]!
    .map((line) => line.map((s) => s.text).join(''))
    .join(' ');

describe("the Phone's ticks and the agent's phase", () => {
  it('counts the ticks and the activity steps apart, never past a total', () => {
    const timeline = createTimeline(events);
    const lines = [];
    for (let turn = 0; turn <= timeline.lastTurn; turn++) {
      const line = statusLine(timeline.stateAt(turn).phone!);
      lines.push(line);
      const [, done, of] = /activity (\d+)\/(\d+)/.exec(line)!;
      expect(Number(done), line).toBeLessThanOrEqual(Number(of));
      expect(line).not.toMatch(/tick \d+\//);
    }
    expect(lines[0]).toContain('tick 1 · activity 1/5');
    // Turn 2 proposes; the user's act of tick 3 is the answer: no step taken.
    expect(lines[2]).toContain('tick 3 · activity 2/5');
    expect(lines[3]).toContain('tick 4 · activity 3/5');
    expect(lines.at(-1)).toContain('tick 6 · activity 5/5');
  });

  it('the turn the agent carried out an accepted proposal says so at its end', () => {
    const timeline = createTimeline(events);
    const agent = (turn: number) =>
      /agent (.*)$/.exec(statusLine(timeline.stateAt(turn).phone!))![1];
    // Turn 2 proposes; the user's answer opens turn 3, which executes P1; turn 4 observes again.
    expect(agent(2)).toBe('observing');
    expect(agent(3)).toBe('executed P1');
    expect(agent(4)).toBe('observing');
  });

  it('a person on the phone follows no activity: ticks only', () => {
    const start = events[0] as Extract<SessionEvent, { type: 'session_start' }>;
    const human = { ...start, backends: { ...start.backends, user: { kind: 'human' } } };
    const timeline = createTimeline([human, ...events.slice(1)]);
    const line = statusLine(timeline.stateAt(timeline.lastTurn).phone!);
    expect(line).toContain('tick 6 · ');
    expect(line).not.toContain('activity');
  });

  it('the HTML export says the same', async () => {
    const file = (await recordReference('proactive', ['researcher/soap-list'])).get(
      'researcher/soap-list',
    )!;
    expect(readRecording(file).complete).toBe(true);
    const html = exportRecording(file, { format: 'html' });
    expect(html).toContain('tick 6 · activity 5/5 · agent observing');
    // The turn that carried out P1 (before, every turn's end read "agent observing").
    expect(html).toContain('tick 4 · activity 3/5 · agent executed P1');
    expect(html).toContain('May 9 18:03 · agent executed P1');
    expect(html).not.toMatch(/tick \d+\/\d+/);
  });
});
