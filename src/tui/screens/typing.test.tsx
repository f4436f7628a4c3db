/**
 * While a person plays (the user, or the agent), text and commands never share keys: a whole
 * sentence holding every letter a pane or the screen binds (the old override capitals, r, g,
 * G, j, k, x, E, q, t, s, b, w …) typed into any focused pane only goes into the input box.
 * Setting a status by hand takes ctrl+o and then a deliberate choice; --no-overrides refuses it.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
import type { TimedEvent } from '../../contracts/events.ts';
import { sessionSetup } from '../../session/setup.ts';
import { planRuns } from '../../session/plan.ts';
import { FIXTURE_LIB } from '../../../test/tui/session-events.ts';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from './SessionScreen.tsx';

const liveSession = () =>
  new LiveSession({
    groups: planRuns(['tester/gear'], { library: FIXTURE_LIB }),
    setup: sessionSetup({ library: FIXTURE_LIB, agent: 'script:reactive' }),
    mode: 'play',
    delayMs: 0,
    recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-typing-')),
    date: '2025-01-01',
  });

let r: Rendered | undefined;
afterEach(() => r?.unmount());

const SENTENCE = 'I want it COPIUS, quick: go by Tue, xr jk G E s t w b!';
const PANES = ['Hidden intents', 'Checklist', 'Workspace', 'Conversation'];

async function playing(mode: 'play' | 'agent', control: Record<string, unknown> = {}) {
  const run = await collectRun('tester/gear', { agent: 'script:reactive' });
  const events = run.sessions.at(-1)!;
  // The end of turn 1, before the simulated user's message (and the pick it carries).
  const upTo = events.slice(
    0,
    events.findIndex((e) => e.type === 'turn_start' && e.turn === 2),
  );
  const waiting = {
    type: 'awaiting_input',
    turn: 1,
    role: mode === 'agent' ? 'agent' : 'user',
    t: 0,
  } as TimedEvent;
  return fakeController([...upTo, waiting], { mode, running: true, ...control });
}

describe('typing while playing', () => {
  it.each(['play', 'agent'] as const)(
    '%s: a sentence typed into each focused pane only goes into the input box',
    async (mode) => {
      for (const [i, pane] of PANES.entries()) {
        const c = await playing(mode);
        r = renderSession(c, <SessionScreen onExit={() => undefined} />, {
          columns: 160,
          rows: 40,
        });
        await waitForFrame(r, (f) => f.includes('your turn') || f.includes('you ('));
        // esc leaves the input box for the conversation; tab goes on through input, intents, checklist, workspace.
        await press(r, KEYS.escape, ...Array<string>([2, 3, 4, 0][i]!).fill(KEYS.tab));
        // The pane has the keys: the status bar shows the panes' keys, not the input box's.
        await waitForFrame(r, (f) => f.includes('? keys  tab pane'));
        await press(r, SENTENCE);
        const frame = await waitForFrame(r, (f) => f.includes(SENTENCE), 3000).catch(
          () => r!.lastFrame() ?? '',
        );
        expect(frame, `${mode}, ${pane}`).toContain(`› ${SENTENCE}`);
        expect(c.calls, `${mode}, ${pane}`).toEqual([]);
        r.unmount();
        r = undefined;
      }
    },
  );

  it("'not your turn yet' goes once the turn is the person's: the message stays, enter sends it", async () => {
    const run = await collectRun('tester/gear', { agent: 'script:reactive' });
    const events = run.sessions.at(-1)!;
    const upTo = events.slice(
      0,
      events.findIndex((e) => e.type === 'turn_start' && e.turn === 2),
    );
    const c = fakeController(upTo, { mode: 'play', running: true });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 120, rows: 40 });
    await waitForFrame(r, (f) => f.includes('you (user)'));
    await press(r, ...'Bullet points, please.'.split(''), KEYS.enter);
    await waitForFrame(r, (f) => f.includes('not your turn yet: the agent is still working'));
    c.store.getState().dispatch({ type: 'awaiting_input', turn: 1, role: 'user' });
    const frame = await waitForFrame(r, (f) => !f.includes('not your turn yet'));
    expect(frame).toContain('› Bullet points, please.');
    await press(r, KEYS.enter);
    await waitFor(() => c.calls.length > 0);
    expect(c.calls).toEqual(['sendUser "Bullet points, please." []']);
  });

  it('ctrl+o asks which status to set by hand: a sentence typed after it goes into the message, only ctrl+o sets', async () => {
    const c = await playing('play');
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.tab, KEYS.ctrlO);
    let frame = await waitForFrame(r, (f) =>
      f.includes('Set I1 by hand? It is recorded as a manual change.'),
    );
    expect(frame).toContain(
      '↑/↓ choose · ctrl+o sets it · esc leaves it as it is · nothing else answers',
    );
    await press(r, ...'pretty good, could you also check the price?'.split(''));
    frame = await waitForFrame(r, (f) =>
      f.includes('you (user) › pretty good, could you also check the price?'),
    );
    expect(frame).toContain('Set I1 by hand?');
    expect(c.calls).toEqual([]);
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => !f.includes('Set I1 by hand'));
    expect(c.calls).toEqual([]);
    await press(r, KEYS.escape, KEYS.tab, KEYS.tab, KEYS.ctrlO, KEYS.down, KEYS.down, KEYS.ctrlO);
    await waitFor(() => c.calls.length > 0);
    expect(c.calls).toEqual(['override "I1" "provided"']);
  });

  it('ctrl+d asks to end the session: a sentence typed after it goes into the message and is sent; only ctrl+d again ends', async () => {
    const c = await playing('play');
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 80, rows: 24 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.ctrlD);
    let frame = await waitForFrame(r, (f) => f.includes('End the session now?'));
    expect(frame).toContain('ctrl+d end it · esc go on playing · typing goes on into your message');
    await press(r, ...'yes and I want it by Tuesday'.split(''));
    frame = await waitForFrame(r, (f) => f.includes('› yes and I want it by Tuesday'));
    expect(frame).toContain('End the session now?');
    await press(r, KEYS.enter);
    await waitFor(() => c.calls.length > 0);
    expect(c.calls).toEqual(['sendUser "yes and I want it by Tuesday" []']);
    await press(r, KEYS.ctrlD);
    await waitFor(() => c.calls.length > 1);
    expect(c.calls.at(-1)).toBe('endSession');
  });

  it('ctrl+c asks before quitting a session being played: letters typed after it do not answer', async () => {
    let exited = false;
    const c = await playing('play');
    r = renderSession(c, <SessionScreen onExit={() => (exited = true)} />, {
      columns: 120,
      rows: 40,
    });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.ctrlC);
    await waitForFrame(
      r,
      (f) =>
        f.includes('Quit while the session runs?') && f.includes('ctrl+c quit · esc go on playing'),
    );
    await press(r, ...'yes no q'.split(''), KEYS.escape);
    await waitForFrame(
      r,
      (f) => !f.includes('Quit while the session runs?') && f.includes('› yes no q'),
    );
    expect(exited).toBe(false);
    await press(r, KEYS.ctrlC, KEYS.ctrlC);
    await waitFor(() => exited);
  });

  it('--no-overrides refuses setting a status by hand, saying so', async () => {
    const c = await playing('play', { overrides: false });
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.tab, KEYS.ctrlO);
    await waitForFrame(r, (f) =>
      f.includes('setting statuses by hand is off in this session (--no-overrides)'),
    );
    expect(c.calls).toEqual([]);
  });

  it('ctrl+p shows the person playing the user who they are: profile, style and facts', async () => {
    const c = await playing('play');
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    await press(r, KEYS.ctrlP);
    const frame = await waitForFrame(r, (f) => f.includes('You are the user (esc closes)'));
    expect(frame).toContain('Tess Ter · QA engineer who writes meal plans for her team');
    expect(frame).toContain('How you write: terse');
    expect(frame).toContain('body: 165 cm, 58 kg, cutting');
    await press(r, KEYS.escape);
    await waitForFrame(r, (f) => !f.includes('You are the user'));
  });

  it('a need the person states in their own words counts as told (provided), tagged once', async () => {
    const c = liveSession();
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await begin(r);
    await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    await press(r, 'Oh, and please keep it under 600 RMB, thanks.', KEYS.enter);
    // The status changes with the message that tells it, in turn 2, with its tag.
    const frame = await waitForFrame(
      r,
      (f) => f.includes('↩ I1 provided · turn 2 · revealed') && f.includes('↳ about I1'),
    );
    expect(frame).not.toContain('I1, I1');
    c.quit();
    await c.done.catch(() => undefined);
  });

  it('a need told in other words than its reveal text says so, with the words that told it', async () => {
    const c = liveSession();
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 160, rows: 40 });
    await begin(r);
    await waitForFrame(r, (f) => f.includes('your turn: write the user'));
    await press(r, 'My budget is 600 RMB at most, please.', KEYS.enter);
    const frame = await waitForFrame(r, (f) => f.includes('↩ I1 provided · turn 2 · in own words'));
    // The words that told it, under it (the reason wraps in the pane).
    expect(frame).toContain("↳ stated in the user's own words:");
    expect(frame).toContain('“budget is 600 RMB” (read by the');
    expect(frame).not.toContain('· revealed');
    c.quit();
    await c.done.catch(() => undefined);
  });

  it('a message longer than the one-line box marks where its start is out of sight', async () => {
    const c = await playing('play');
    r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 80, rows: 24 });
    await waitForFrame(r, (f) => f.includes('your turn'));
    const long =
      'Start of my message. ' +
      'I also want it to be cheap and light and easy to carry around town. '.repeat(2);
    await press(r, long);
    const frame = await waitForFrame(r, (f) => f.includes('easy to carry around town.'));
    expect(frame).toMatch(/you \(user\) › …/);
    expect(frame).not.toContain('Start of my message');
  });
  it.each(['play', 'agent'] as const)(
    '%s: what is sent is the message without the blank it began or ended with (a stray newline typed before the turn)',
    async (mode) => {
      const c = await playing(mode);
      r = renderSession(c, <SessionScreen onExit={() => undefined} />, { columns: 120, rows: 30 });
      await waitForFrame(r, (f) => f.includes('your turn'));
      await press(r, '\n', ' ', ...'Keep it under 600 RMB.'.split(''), ' ', ' ');
      await waitForFrame(r, (f) => f.includes('Keep it under 600 RMB.'));
      await press(r, KEYS.enter);
      await waitFor(() => c.calls.length > 0);
      const sent = mode === 'agent' ? '{"kind":"reply","text":"Keep it under 600 RMB."}' : '[]';
      expect(c.calls[0]).toBe(
        mode === 'agent' ? `sendAgent ${sent}` : `sendUser "Keep it under 600 RMB." ${sent}`,
      );
    },
  );
});
