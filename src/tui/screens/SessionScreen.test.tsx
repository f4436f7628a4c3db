import { afterEach, describe, expect, it } from 'vitest';
import { readRecording } from '../../session/recording.ts';
import { collectRun } from '../../../test/tui/session-events.ts';
import {
  begin,
  fakeController,
  KEYS,
  press,
  renderSession,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { liveFixture } from '../../../test/tui/live-sessions.ts';
import { ReplaySession } from '../session/replay-session.ts';
import { SessionScreen } from './SessionScreen.tsx';

const fixture = liveFixture();
const dir = fixture.dir;
let r: Rendered | undefined;
afterEach(() => r?.unmount());

const liveSession = (
  target: string,
  mode: 'play' | 'watch' | 'agent',
  opts: { agent?: string; paused?: boolean; revealIntents?: boolean } = {},
) => fixture.start(target, mode, opts);

/** A replay of tester/plan, opened at its last turn, or where a replay opens by itself. */
async function planReplay(at: 'last' | 'default' = 'last') {
  const run = await collectRun('tester/plan', { recordingsDir: dir });
  const recording = readRecording(run.results.at(-1)!.recording!);
  return at === 'last'
    ? new ReplaySession(recording, Number.MAX_SAFE_INTEGER)
    : new ReplaySession(recording);
}

describe('the session screen layout', () => {
  it('puts four panes side by side from 160 columns, and tabs when narrower', async () => {
    const c = await planReplay();
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 30 });
    let frame = await waitForFrame(r, (f) => f.includes('Workspace'));
    expect(frame).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace/s);
    expect(frame.split('\n')[2]).toMatch(/Conversation.*Hidden intents.*Checklist.*Workspace/);
    r.resize(120, 30);
    frame = await waitForFrame(r, (f) => f.includes(' Hidden intents   Checklist   Workspace '));
    expect(frame).toContain('Conversation');
    r.resize(80, 24);
    frame = await waitForFrame(r, (f) =>
      f.includes(' Conversation   Hidden intents   Checklist   Workspace '),
    );
    expect(frame.split('\n').length).toBeLessThan(24);
    r.resize(50, 12);
    frame = await waitForFrame(r, (f) => f.includes('Terminal too small'));
    expect(frame.replace(/\s+/g, ' ')).toContain('at least 60×16; this one is 50×12');
  });

  it('cycles pane focus with tab (narrow: the focused pane is the one shown)', async () => {
    const c = await planReplay();
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 80, rows: 24 });
    await waitForFrame(r, (f) => f.includes('── turn 1'));
    await press(r, KEYS.tab);
    await waitForFrame(r, (f) => f.includes('✔ I1 completed'));
    await press(r, KEYS.tab, KEYS.tab);
    await waitForFrame(r, (f) => f.includes('› M plan.md +1 -1'));
    await press(r, KEYS.shiftTab);
    await waitForFrame(r, (f) => f.includes('– C3 ungraded'));
  });

  it('shows the keys on ? and closes them on escape', async () => {
    const c = await planReplay();
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('── turn 1'));
    await press(r, '?');
    const help = await waitForFrame(r, (f) => f.includes('Keys (esc or ? closes)'));
    expect(help).toContain('next turn with an intent status change');
    expect(help).toContain('focus the next pane');
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => f.includes('── turn 1'));
  });
});

describe('replay', () => {
  it('opens at turn 0 by default, showing the request that starts the session', async () => {
    const c = await planReplay('default');
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 30 });
    const frame = await waitForFrame(r, (f) => f.includes('turn 0 of 2'));
    // The status bar says the recorded length and the limit apart, never a second "turn 0/…".
    expect(frame).toContain('2 turns recorded · max 6');
    expect(frame).not.toMatch(/turn 0\/\d/);
    expect(frame).toContain('request (the user sends it at turn 1)');
    expect(frame).toContain('○ I1 open');
  });

  it('moves turn by turn, and every pane shows its state at that turn', async () => {
    const c = await planReplay();
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 30 });
    let frame = await waitForFrame(r, (f) => f.includes('turn 2 of 2'));
    expect(frame).toContain('resolved · Proc 1.00');
    await press(r, KEYS.left);
    frame = await waitForFrame(r, (f) => f.includes('turn 1 of 2'));
    expect(frame).not.toContain('Keep each meal under 25 RMB.\n'); // the user's answer comes in turn 2
    expect(frame).toContain('? I2 inferred');
    expect(frame).toContain('A plan.md +3 -0');
    await press(r, KEYS.home);
    frame = await waitForFrame(r, (f) => f.includes('turn 0 of 2'));
    expect(frame).toContain('○ I1 open');
    expect(frame).toContain('No files changed yet.');
    await press(r, 'n');
    frame = await waitForFrame(r, (f) => f.includes('turn 1 of 2'));
    expect(frame).toContain('✔ I1 completed');
    await press(r, KEYS.end);
    await waitForFrame(r, (f) => f.includes('turn 2 of 2'));
  });
});

describe('live sessions', () => {
  it('80×24: the banner says whole that the agent is scripted, in two lines', async () => {
    const c = liveSession('tester/gear', 'play', { agent: 'script:reactive' });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 80, rows: 24 });
    await begin(r);
    const frame = await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    const notice = c.control.getState().notice!;
    const [first, second] = frame.split('\n');
    expect(`${first!.trim()} ${second!.trim()}`).toBe(notice);
    expect(notice).toContain('will not read what you type');
  });

  it('names the script the session chose in the banner, as the status bar does, and says it is no model', async () => {
    // No --agent: the script agent plays the scenario's first reference.
    const c = liveSession('tester/gear', 'play');
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 200, rows: 40 });
    await begin(r);
    const frame = await waitForFrame(r, (f) => f.includes('agent script:proactive'));
    const [banner] = frame.split('\n');
    expect(banner).toMatch(/^The agent is script:proactive, a script \(not a model\)/);
  });

  it('play: reveal an intent into the input, send it, and it is marked provided; ending asks first', async () => {
    const c = liveSession('tester/gear', 'play', { agent: 'script:reactive' });
    let exited = false;
    r = renderSession(c, <SessionScreen onExit={() => (exited = true)} />, {
      columns: 160,
      rows: 36,
    });
    await begin(r);
    const first = await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    // The person is told the agent is scripted and will not read them, to the notice's end (it wraps).
    expect(first).toContain('--agent human to be the agent.');
    expect(c.control.getState().notice).toMatch(
      /^The agent is script:reactive, a script \(not a model\): it will not read what you type/,
    );
    await press(r, KEYS.tab);
    // The panes have the keys once the status bar stops showing the input box's keys.
    await waitForFrame(r, (f) => f.includes('tab pane') && !f.includes('esc leave the input'));
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('you (user) › Keep it under 600 RMB.'));
    await press(r, KEYS.enter);
    let frame = await waitForFrame(
      r,
      (f) =>
        f.includes('↩ I1 provided · turn 2 · revealed') &&
        f.includes('user  Keep it under 600 RMB.'),
    );
    expect(frame).toContain('↳ about I1');
    await waitForFrame(r, (f) => f.includes('(end of script)') && f.includes('enter sends'));
    await press(r, KEYS.ctrlD);
    await waitForFrame(r, (f) => f.includes('End the session now?'));
    await press(r, KEYS.ctrlD);
    frame = await waitForFrame(r, (f) => f.includes('ended · Proc'));
    expect(frame).toContain('✗ I2 unresolved');
    const [result] = await c.done;
    const recorded = readRecording(result!.recording!).events;
    expect(
      recorded.some((e) => e.type === 'intent_status' && e.intent === 'I1' && e.cause === 'reveal'),
    ).toBe(true);
    expect(
      recorded.some((e) => e.type === 'intent_status' && e.intent === 'I2' && e.cause === 'manual'),
    ).toBe(true);
    expect(exited).toBe(false);
    await press(r, 'q');
    await waitFor(() => exited);
  });

  it('play: while the opening card shows, the input box says enter on the card starts the session', async () => {
    const c = liveSession('tester/gear', 'play', { agent: 'script:reactive' });
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    const frame = await waitForFrame(
      r,
      (f) => f.includes('enter begins') && f.includes('you (user) ›'),
    );
    expect(frame).toContain('the session starts when you press enter on the card');
    expect(frame).not.toContain('the agent is working');
    await begin(r);
    await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    c.quit();
  });

  it('play: between two sessions of an episode the input box says the session is over, not that the agent works', async () => {
    const c = liveSession('tester', 'play', { agent: 'script:reactive' });
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    await begin(r);
    await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    await press(r, KEYS.ctrlD);
    await waitForFrame(r, (f) => f.includes('End the session now?'));
    await press(r, KEYS.ctrlD);
    const frame = await waitForFrame(
      r,
      (f) => f.includes('enter continues') && f.includes('you (user) ›'),
    );
    expect(frame).toContain('this session is over');
    expect(frame).not.toContain('the agent is working');
    c.quit();
  });

  it('play: the reveal key answers a question the agent asked, and the intent stays inferred', async () => {
    const c = liveSession('tester/plan', 'play', { agent: 'script:proactive' });
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    // The chain's first session ends on its result card; enter goes on to tester/plan, which opens on its card.
    await begin(r);
    await waitForFrame(r, (f) => f.includes('Next: tester/plan'));
    await press(r, KEYS.enter);
    await begin(r);
    await waitForFrame(
      r,
      (f) =>
        f.includes('your turn: write the user') && f.includes('? I2 inferred · turn 1 · asked'),
    );
    await press(r, KEYS.tab);
    await waitForFrame(r, (f) => f.includes('tab pane') && !f.includes('esc leave the input'));
    await press(r, KEYS.down, KEYS.enter);
    await waitForFrame(r, (f) => f.includes('you (user) › Keep each meal under 25 RMB.'));
    await press(r, KEYS.enter);
    const frame = await waitForFrame(
      r,
      (f) => f.includes('user  Keep each meal under 25 RMB.') && f.includes('── turn 2'),
    );
    expect(frame).toContain('? I2 inferred · turn 1 · asked');
    c.quit();
    const results = await c.done;
    const recorded = readRecording(
      results.find((x) => x.scenario === 'tester/plan')!.recording!,
    ).events;
    expect(
      recorded
        .filter((e) => e.type === 'intent_status' && e.intent === 'I2')
        .map((e) => e.type === 'intent_status' && e.to),
    ).toEqual(['inferred']);
  });

  it('watch: starts paused, steps one turn at a time, and take-over hands the user to you', async () => {
    const c = liveSession('tester/gear', 'watch', { agent: 'script:reactive', paused: true });
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    await waitForFrame(r, (f) => f.includes('WATCH ❚❚ paused') && f.includes('turn 0/30'));
    await press(r, 's');
    // The judge's pick for the simulated user's next message is not shown before that message.
    let frame = await waitForFrame(r, (f) => f.includes('agent Here are some running shoes.'));
    expect(frame).not.toContain('── turn 2');
    expect(frame).not.toContain('provided');
    await press(r, 't');
    // Type only once the input box has the keys (the status bar shows its keys then).
    frame = await waitForFrame(
      r,
      (f) =>
        f.includes('PLAY (you are the user)') &&
        f.includes('your turn') &&
        f.includes('esc leave the input'),
    );
    // The take-over came before the simulated user's next message: it never wrote one, and the seat is yours.
    expect(frame).not.toContain('user  Keep it under 600 RMB.');
    expect(frame).toContain('user human');
    await press(r, 'hello there', KEYS.enter);
    frame = await waitForFrame(r, (f) => f.includes('user  hello there'));
    expect(frame).toContain('── turn 2');
    expect(frame).not.toContain('user  Keep it under 600 RMB.');
    // "hello there" tells nothing: the pick made for the simulated user went with it.
    expect(frame).not.toContain('provided');
    expect(frame).not.toContain('about I1');
    c.quit();
    const [result] = await c.done;
    expect(
      readRecording(result!.recording!).events.some(
        (e) => e.type === 'notice' && e.text.includes('took over'),
      ),
    ).toBe(true);
  });

  it('play: enter on an intent that is already settled says why nothing happens', async () => {
    const run = await collectRun('tester/plan');
    const c = fakeController(
      run.sessions.at(-1)!.filter((e) => e.type !== 'session_end'),
      { mode: 'play', running: true },
    );
    r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns: 160, rows: 36 });
    await waitForFrame(r, (f) => f.includes('✔ I1 completed'));
    await press(r, KEYS.tab);
    await waitForFrame(r, (f) => f.includes('tab pane') && !f.includes('esc leave the input'));
    await press(r, KEYS.enter);
    const frame = await waitForFrame(r, (f) =>
      f.includes('I1 is already completed: there is nothing left to reveal'),
    );
    expect(frame).toContain('you (user) ›');
    expect(c.calls).toEqual([]);
  });

  it.each([80, 100, 200])(
    "%i columns: a live fork's banner says whole what it is a fork of",
    async (columns) => {
      const run = await collectRun('tester/plan');
      const parent = '20261128-135736-researcher_meal-plan-f33483.jsonl';
      const c = fakeController(run.sessions.at(-1)!, {
        mode: 'watch',
        forkOf: { parent, turn: 2 },
      });
      r = renderSession(c, <SessionScreen onExit={() => {}} />, { columns, rows: 30 });
      const frame = await waitForFrame(r, (f) => f.includes('a fork of'));
      const banner = frame.split('\n').slice(0, 2).join(' ').replace(/\s+/g, ' ');
      expect(banner).toContain(`┬ a fork of ${parent} at turn 2`);
      expect(banner).toContain('live from the end of that turn');
    },
  );

  it('asks before quitting a running session', async () => {
    const c = fakeController([], { mode: 'watch', running: true });
    let exited = false;
    r = renderSession(c, <SessionScreen onExit={() => (exited = true)} />, {
      columns: 100,
      rows: 30,
    });
    await waitForFrame(r, (f) => f.includes('WATCH'));
    await press(r, 'q');
    await waitForFrame(r, (f) => f.includes('Quit while the session runs?'));
    await press(r, 'n');
    await waitForFrame(r, (f) => !f.includes('Quit while'));
    expect(exited).toBe(false);
    await press(r, 'q', 'y');
    await waitFor(() => exited);
    expect(c.calls).toContain('quit');
  });
});

describe('a session that stopped on an error', () => {
  it('says the error whole, wrapped, at 120 columns', async () => {
    const error =
      'run.jsonl: at turn 1 its user spoke while waiting for time, and this replay let the time pass instead, so the state cannot be restored exactly';
    const c = fakeController([], { mode: 'play', running: false, error });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 120, rows: 30 });
    const frame = await waitForFrame(r, (f) => f.includes('✗ run.jsonl'));
    const [first, second] = frame.split('\n');
    expect(`${first!.trim()} ${second!.trim()}`).toBe(`✗ ${error}`);
  });
});
