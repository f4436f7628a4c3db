import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../contracts/events.ts';
import { runTarget } from '../../../test/helpers/run.ts';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { SessionScreen } from '../screens/SessionScreen.tsx';
import { paneOf, paneTitle } from '../panes.ts';

// The time paradigm's pane, as the session screen draws it.
const TimelinePane = paneOf('timeline').component;

let r: Rendered | undefined;
afterEach(() => r?.unmount());
const FLIGHT = path.resolve('scenarios/marketer/flight-watch.yaml');
const box = { width: 60, height: 30 };
const size = { columns: 60, rows: 32 };

/** Events of the over-eager reference up to the first clock jump after `afterUpdate` updates. */
async function eagerUntil(updates: number): Promise<TimedEvent[]> {
  const { events } = await runTarget(FLIGHT, { agent: 'script:eager' });
  let seen = 0;
  const cut = events.findIndex((e) => e.type === 'update' && ++seen > updates);
  return cut < 0 ? events : events.slice(0, cut);
}

describe('the timeline pane', () => {
  it('shows the clock, the waiting, reminders, each verdict and, to the person watching, the updates to come', async () => {
    r = renderSession(
      fakeController(await eagerUntil(1)),
      <TimelinePane title={paneTitle('timeline')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('U2'));
    expect(frame).toContain('Timeline');
    expect(frame).toContain('May 8 09:00 · 1/3 updates · waiting');
    expect(frame).toContain('… 23 hours 58 minutes pass');
    expect(frame).toContain('● r1 active · woke the agent 1×');
    expect(frame).toContain('when any fare change SZX-SHA');
    expect(frame).toContain('May 7 09:00 U1 ✗ false follow-up');
    expect(frame).toContain('seen by the agent · followed up · keep silent expected');
    expect(frame).toContain('May 8 09:00 U2 to come');
    expect(frame).toContain('hidden from the agent');
    // flight-watch is a negative scenario: a good agent ends with the task in progress.
    expect(frame).toContain('task not set');
    expect(frame).toContain('expected at the end: in progress');
    // The ids say what they are: reminders the agent set, updates of the world.
    expect(frame).toContain('Reminders the agent set (r1, …)');
    expect(frame).toContain('Updates: how the world changes (U1, …) · 1/3 so far');
    expect(frame).not.toContain('ChronosBench');
  });

  it("shows the end: every verdict, the task status, and ChronosBench's verdict with each response that went wrong", async () => {
    r = renderSession(
      fakeController(await eagerUntil(9)),
      <TimelinePane title={paneTitle('timeline')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('follow-up hit'));
    expect(frame).toContain('U1 ✗ false follow-up');
    expect(frame).toContain('U2 ✔ follow-up hit');
    expect(frame).toContain('3/3 updates');
    expect(frame).not.toContain('waiting');
    // The eager reference never sets an in-progress status and completes a task that never fits.
    expect(frame).toContain('ChronosBench negative, complex');
    expect(frame).toContain('✗ task not completed · completed in negative');
    expect(frame).toContain('action 60% · status 0% of 5 responses');
    expect(frame).toContain('turn 1: status pending, expected in progress');
    expect(frame).toContain('turn 2: false follow up');
    expect(frame).toContain('turn 5: completed in negative');
  });

  it('hides what is to come, what was expected and the verdicts from a person playing the agent', async () => {
    r = renderSession(
      fakeController(await eagerUntil(1), { mode: 'agent' }),
      <TimelinePane title={paneTitle('timeline')} box={box} focused={false} />,
      size,
    );
    const frame = await waitForFrame(r, (f) => f.includes('U1'));
    expect(frame).toContain('U1 followed up');
    expect(frame).toContain('2 not seen by you (hidden while you play the agent)');
    expect(frame).not.toContain('U2');
    expect(frame).not.toContain('expected');
    expect(frame).not.toContain('false follow-up');
  });
});

describe('the session screen with a time scenario', () => {
  it('adds the Timeline as a fifth pane when wide and as a tab when narrow; other scenarios have none', async () => {
    const events = await eagerUntil(1);
    r = renderSession(fakeController(events), <SessionScreen onExit={() => undefined} />, {
      columns: 200,
      rows: 40,
    });
    const wide = await waitForFrame(r, (f) => f.includes('Timeline'));
    expect(wide).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace.*Timeline/);
    r.resize(80, 30);
    const narrow = await waitForFrame(
      r,
      (f) => f.includes(' Timeline ') && !f.includes('Hidden intents  Proc'),
    );
    expect(narrow).toMatch(/Conversation +Hidden intents +Checklist +Workspace +Timeline/);
    r.unmount();
    const { events: plain } = await runTarget(path.resolve('scenarios/researcher/meal-plan.yaml'), {
      agent: 'script:proactive',
      noDeps: true,
    });
    r = renderSession(fakeController(plain), <SessionScreen onExit={() => undefined} />, {
      columns: 200,
      rows: 40,
    });
    expect(await waitForFrame(r, (f) => f.includes('Workspace'))).not.toContain('Timeline');
  });

  it('playing the user: while the session waits it says how long, and ctrl+n lets time pass, from the input or a pane', async () => {
    const c = fakeController(await eagerUntil(0), {
      mode: 'play',
      waitingForTime: { at: '2026-05-07T09:00:00+08:00', passed: '23 hours 58 minutes' },
    });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 200, rows: 40 });
    await waitForFrame(r, (f) =>
      f.includes('⏱ You wait: 23 hours 58 minutes until May 7 09:00. ctrl+n lets the time pass'),
    );
    await press(r, 'It is fine', KEYS.ctrlN);
    await waitFor(() => c.calls.includes('passTime'));
    await press(r, KEYS.escape, KEYS.tab);
    await press(r, KEYS.ctrlN);
    await waitFor(() => c.calls.filter((x) => x === 'passTime').length === 2);
  });

  it('playing the user while the session waits: what you write is sent at once, the clock is in the status bar, times read one way', async () => {
    const c = fakeController(await eagerUntil(1), {
      mode: 'play',
      waitingForTime: {
        from: '2026-05-08T09:02:00+08:00',
        at: '2026-05-09T09:00:00+08:00',
        passed: '23 hours 58 minutes',
      },
    });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 200, rows: 40 });
    const frame = await waitForFrame(r, (f) => f.includes('while you wait: enter sends now'));
    // The clock in the status bar, every time as `May 7 09:00` (no ISO time), turns headed by their time.
    // The clock after the agent's turn (which took two minutes), in the status bar and the wait.
    expect(frame).toMatch(/turn 2\/\d+ │ ⏱ May 8 09:02 │/);
    expect(frame).toContain('⏱ You wait: 23 hours 58 minutes from May 8 09:02 until May 9 09:00.');
    expect(frame).not.toMatch(/2026-05-0\dT/);
    expect(frame).toContain('── turn 2 · May 7 09:00 ─');
    // A pending intent has waited since the start, not since a "turn 0".
    expect(frame).toContain('◷ I3 pending · from the start');
    expect(frame).not.toContain('turn 0');
    await press(r, 'Only direct flights count, and nothing after 9 pm.');
    await press(r, KEYS.enter);
    await waitFor(() => c.calls.some((x) => x.startsWith('sendUser')));
    expect(c.calls).toContain('sendUser "Only direct flights count, and nothing after 9 pm." []');
    expect(r.lastFrame()).not.toContain('not your turn');
  });

  it('playing the agent: ctrl+k keeps silent on a turn the monitor woke you for', async () => {
    const events = await eagerUntil(1);
    const woken = [
      ...events,
      { type: 'turn_start', turn: 2, t: 0 },
      {
        type: 'message',
        turn: 2,
        role: 'monitor',
        text: 'Fare change',
        at: '2026-05-07T09:00:00+08:00',
        t: 0,
      },
      { type: 'awaiting_input', turn: 2, role: 'agent', t: 0 },
    ] as TimedEvent[];
    const c = fakeController(
      woken.filter((e) => !(e.type === 'message' && e.role === 'agent' && e.turn === 2)),
      { mode: 'agent' },
    );
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 200, rows: 40 });
    await waitForFrame(r, (f) => f.includes('you (agent)'));
    await press(r, KEYS.ctrlK);
    await waitFor(() => c.calls.length > 0);
    expect(c.calls).toEqual(['sendAgent {"kind":"reply","text":""}']);
  });
});
